package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit"
)

// changes of a session that deleted a 300,000-line file returned the
// diff three times (the text, structured diff and the file's own diff),
// 12.3 MB, and a larger file's passed the 16 MiB message limit. The
// result now holds the diff once in each of text and structured
// content, cut after changesDiffLimit bytes at a line, with a note
// naming gitedit session show S -p; the cut diff is the start of the
// whole one session show returns. A short session's diff is whole,
// without note.
func TestChangesOfAHugeDeletionIsCutWithANote(t *testing.T) {
	var big strings.Builder
	for i := range 300000 {
		fmt.Fprintf(&big, "line %d\n", i)
	}
	repo := fixtures.NewRepo(t, map[string]string{"big.txt": big.String(), "f.txt": tenLines})
	isolateGit(t, repo)
	cs := connect(t, Config{Dir: repo, Options: gitedit.Options{Session: "huge"}})
	lineEdit(t, cs, "l1", "h1")
	out, m := mustApply(t, cs, ToolChanges, nil)
	assert.NotContains(t, out, "# the change is long")
	assert.Nil(t, m["truncated"])
	assert.Contains(t, out, m["diff"].(string), "the text holds the whole diff")

	res := call(t, cs, ToolApplyPatch, map[string]any{"patch": "*** Begin Patch\n*** Delete File: big.txt\n*** End Patch\n"})
	require.False(t, res.IsError, text(res))
	msg, err := json.Marshal(res)
	require.NoError(t, err)
	assert.Less(t, len(msg), 1<<20, "apply_patch's result too is cut (it was 8 MB, the diff twice)")
	assert.Contains(t, text(res), "the diff is long: cut after")
	assert.Contains(t, text(res), "gitedit session show huge -p")
	assert.Contains(t, structured(t, res)["notes"], text(res)[strings.Index(text(res), "the diff is long"):strings.Index(text(res), " -p prints")+len(" -p prints the session's whole change")])
	res = call(t, cs, ToolChanges, nil)
	require.False(t, res.IsError, text(res))
	msg, err = json.Marshal(res)
	require.NoError(t, err)
	assert.Less(t, len(msg), 1<<20, "the result is at most a MiB, not the diff three times")
	out, m = text(res), structured(t, res)
	diff := m["diff"].(string)
	assert.Equal(t, true, m["truncated"])
	assert.LessOrEqual(t, len(diff), 256<<10)
	assert.True(t, strings.HasSuffix(diff, "\n"), "cut at a line end")
	assert.Contains(t, out, diff, "the text holds the same cut diff")
	assert.Contains(t, out, "\n# the change is long: the diff is cut after")
	assert.Contains(t, out, "gitedit session show huge -p prints it all")
	assert.Contains(t, m["note"], "gitedit session show huge -p")
	for _, f := range m["files"].([]any) {
		assert.NotContains(t, f.(map[string]any), "diff", "a file's diff is its part of diff, not a third copy")
	}
	assert.EqualValues(t, 2, m["files_total"])

	r, err := gitedit.Open(repo)
	require.NoError(t, err)
	whole, err := r.ShowSession(context.Background(), gitedit.SessionRequest{Session: "huge"})
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(whole.Diff, diff), "the cut diff is the start of session show's")
	assert.EqualValues(t, len(whole.Diff), m["diff_bytes"])
}

// Past changesListLimit files or batches the lists stop, the stat keeps
// its first lines and its total, one batch's long file list is cut, and
// the note says so; the show it was given is left whole.
func TestChangesListsStopAtTheLimit(t *testing.T) {
	const n = changesListLimit + 500
	show := &gitedit.SessionShow{Session: "many", Files: make([]gitedit.SessionFile, n), Batches: make([]gitedit.SessionBatch, n)}
	var stat strings.Builder
	paths := make([]string, n)
	for i := range n {
		paths[i] = fmt.Sprintf("f%04d", i)
		show.Files[i] = gitedit.SessionFile{FilePath: paths[i], Diff: "d\n"}
		fmt.Fprintf(&stat, " %s | 1 +\n", paths[i])
	}
	stat.WriteString(fmt.Sprintf(" %d files changed, %d insertions(+)\n create mode 100644 f0000\n", n, n))
	show.Stat = stat.String()
	show.Batches[0].Files = paths
	c := capChanges(show)
	assert.Len(t, c.Files, changesListLimit)
	assert.Len(t, c.Batches, changesListLimit)
	assert.Len(t, c.Batches[0].Files, changesListLimit)
	assert.Len(t, show.Batches[0].Files, n, "the show given is not changed")
	assert.Equal(t, n, c.FilesTotal)
	lines := strings.Split(strings.TrimSuffix(c.Stat, "\n"), "\n")
	assert.Len(t, lines, changesListLimit+2)
	assert.Equal(t, " ... 500 more files", lines[changesListLimit])
	assert.Equal(t, fmt.Sprintf(" %d files changed, %d insertions(+)", n, n), lines[changesListLimit+1])
	assert.True(t, c.Truncated)
	assert.Contains(t, c.Note, "1000 of 1500 files are listed")
	assert.Contains(t, c.Note, "the newest 1000 of 1500 batches are listed")
	b, err := json.Marshal(c)
	require.NoError(t, err)
	assert.NotContains(t, string(b), `"diff":"d\n"`)
}
