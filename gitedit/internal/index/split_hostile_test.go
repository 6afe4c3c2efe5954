package index

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// TestHostileLinkExtensionsReadAsGitReadsThem rewrites the link extension
// of a split index git wrote (shared entries replaced, deleted, added;
// positions past the shared index; a position both replaced and
// deleted; more replacements than entries) and reads each file with git
// ls-files -s and with Read: both refuse it, or both list the same
// entries.
func TestHostileLinkExtensionsReadAsGitReadsThem(t *testing.T) {
	files := map[string]string{}
	for i := range 8 {
		files[fmt.Sprintf("f%d.txt", i)] = fmt.Sprint(i, "\n")
	}
	dir := fixtures.NewRepo(t, files)
	fixtures.Git(t, dir, "config", "core.splitIndex", "true")
	fixtures.Git(t, dir, "update-index", "--split-index")
	blob := strings.TrimSpace(fixtures.GitInput(t, dir, "x\n", "hash-object", "-w", "--stdin"))
	// The split file: f2.txt replaced (its name stripped), f2a.txt added.
	fixtures.Git(t, dir, "update-index", "--add", "--cacheinfo", "100644,"+blob+",f2.txt", "--cacheinfo", "100644,"+blob+",f2a.txt")
	indexPath := filepath.Join(dir, ".git", "index")
	data, err := os.ReadFile(indexPath)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := parse(data)
	if err != nil || sp.ext("link") == nil {
		t.Fatalf("no split index to start from: %v", err)
	}
	hash := sp.ext("link").data[:hashLen]
	link := func(del, rep []int) []byte {
		return ewahFrom(rep).appendTo(ewahFrom(del).appendTo(append([]byte(nil), hash...)))
	}
	for _, c := range []struct {
		name     string
		del, rep []int
	}{
		{"as git wrote it", nil, []int{2}},
		{"a deletion", []int{0, 7}, []int{2}},
		{"replaced and deleted", []int{2}, []int{2}},
		{"deletion past the shared index", []int{8}, []int{2}},
		{"replacement past the shared index", nil, []int{9}},
		{"more replacements than entries", nil, []int{1, 2, 3}},
		{"an added entry taken for a replacement", nil, []int{1, 2}},
		{"no replacement: the stripped entry is added", nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			ix, err := parse(data)
			if err != nil {
				t.Fatal(err)
			}
			ix.ext("link").data = link(c.del, c.rep)
			out, err := ix.Encode()
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(indexPath, out, 0o644); err != nil {
				t.Fatal(err)
			}
			want, gitErr := fixtures.RunGit(dir, "ls-files", "-s")
			ours, err := Read(indexPath)
			if (err != nil) != (gitErr != nil) {
				t.Fatalf("Read: %v; git ls-files: %v", err, gitErr)
			}
			if err != nil {
				t.Logf("both refuse it: %v", err)
				return
			}
			var got strings.Builder
			for _, e := range ours.Entries() {
				fmt.Fprintf(&got, "%o %s %d\t%s\n", e.Mode, e.Hash, e.Stage, e.Name)
			}
			if got.String() != want {
				t.Errorf("entries:\n%s\ngit:\n%s", got.String(), want)
			}
		})
	}
}
