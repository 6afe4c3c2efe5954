package ledger

import (
	"context"
	"fmt"
	"testing"

	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
)

// messageOf is the message a batch of changes has (commitmsg, as the
// batch core writes it), with per-file trailers up to limit files (0:
// all).
func messageOf(id, tool string, limit int, changes ...Change) string {
	m := commitmsg.Meta{Tool: tool, Count: len(changes), FileTrailerLimit: limit}
	files := make([]commitmsg.File, len(changes))
	for i, c := range changes {
		files[i] = commitmsg.File{Path: c.Path, Created: !c.Before.Exists(), Deleted: !c.After.Exists(),
			BlobBefore: c.Before.Hash.String(), BlobAfter: c.After.Hash.String()}
	}
	return m.Message(files, id, "")
}

// Paths reads an entry's paths from its trailers only when they are
// exactly its diff's, and diffs it otherwise: for every kind of entry it
// gives the paths of Files (git diff --raw E^ E).
func TestPathsAreTheDiffsPaths(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n", "a  b.txt": "ab\n", "é.txt": "e\n", "x.sh": "x\n", "gone.txt": "g\n"})
	s := testStore(dir)
	side := func(path string) Side { return current(t, dir, path) }
	edit := func(path, content string) Change {
		return Change{Path: path, Before: side(path), After: blob(t, dir, content)}
	}
	landed := edit("a.txt", "landed\n")
	exec := side("x.sh")
	exec.Mode = filemode.Executable
	cases := []struct {
		name    string
		msg     func(id string, c ...Change) string
		changes []Change
		fast    bool
	}{
		{"edit and create", plain, []Change{edit("a.txt", "A\n"), {Path: "d/new.txt", After: blob(t, dir, "n\n")}}, true},
		{"delete", plain, []Change{{Path: "gone.txt", Before: side("gone.txt")}}, true},
		{"quoted path", plain, []Change{edit("é.txt", "E\n")}, true},
		{"spaces a trailer folds", plain, []Change{edit("a  b.txt", "AB\n")}, false},
		{"files as a count", func(id string, c ...Change) string { return messageOf(id, "recipe", 1, c...) },
			[]Change{edit("a.txt", "A2\n"), edit("é.txt", "E2\n")}, false},
		{"mode only", plain, []Change{{Path: "x.sh", Before: side("x.sh"), After: exec}}, false},
		// A land's entry keeps the session's files as they are; its
		// message has HEAD's blobs before.
		{"land", func(id string, c ...Change) string {
			return messageOf(id, ToolLand, 0, Change{Path: "a.txt", Before: side("a.txt"), After: landed.After})
		}, []Change{{Path: "a.txt", Before: landed.After, After: landed.After}}, false},
		{"key spelt otherwise", func(id string, c ...Change) string { return plain(id, c...) + "edit-file: other.txt\n" },
			[]Change{edit("a.txt", "A3\n")}, false},
	}
	for i, c := range cases {
		id := fmt.Sprintf("p%d", i)
		if c.name == "land" {
			record(t, s, dir, id, plain(id, landed), landed)
		}
		a := record(t, s, dir, id, c.msg(id, c.changes...), c.changes...)
		sess, err := s.Read(context.Background(), id)
		require.NoError(t, err)
		e := sess.Entries[0]
		require.Equal(t, a.Entry, e.ID)
		files, err := s.Files(e)
		require.NoError(t, err, c.name)
		var want []string
		for _, f := range files {
			want = append(want, f.Path)
		}
		got, err := s.Paths(e)
		require.NoError(t, err, c.name)
		require.ElementsMatch(t, want, got, c.name)
		_, fast := trailerPaths(e)
		require.Equal(t, c.fast, fast, c.name)
		for _, o := range sess.Entries[1:] {
			if _, fast := trailerPaths(o); o.Kind != Batch {
				require.False(t, fast, "start and outside entries are diffed")
			}
		}
		git(t, dir, "update-ref", "-d", Ref(id))
	}
}

// plain is an edit batch's message.
func plain(id string, c ...Change) string { return messageOf(id, "edit", 0, c...) }
