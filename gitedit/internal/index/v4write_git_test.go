package index_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/go-git/go-git/v5/plumbing"
)

// v4Repo is a repository whose index, made anew, holds 3,000 entries
// staged without stat data (git update-index --index-info), in folders
// whose names share long prefixes, configured as setup says (its git
// config commands run first), then written as its other commands say.
func v4Repo(t *testing.T, setup [][]string) string {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	fixtures.GitInput(t, dir, "", "hash-object", "-w", "--stdin")
	var in strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&in, "100644 %s\tsrc/module%02d/pkg%d/file%05d.go\n", emptyBlob, i/100, i/10%10, i)
	}
	for _, args := range setup {
		if args[0] == "config" {
			git(t, dir, args...)
		}
	}
	// A new index file: feature.manyFiles sets the version of those.
	if err := os.Remove(filepath.Join(dir, ".git", "index")); err != nil {
		t.Fatal(err)
	}
	fixtures.GitInput(t, dir, in.String(), "update-index", "--add", "--index-info")
	for _, args := range setup {
		if args[0] != "config" {
			git(t, dir, args...)
		}
	}
	return dir
}

// TestV4WriteIsGits stages entries without stat data in a version 4
// index through the index package (the file left as it was) and then
// through git update-index --cacheinfo / --force-remove: the files must
// be the same bytes. The changes give the entry after them a new prefix
// (added, removed, first, last), and with an offset table move the
// entries across the blocks, each starting with a whole name: as many
// blocks as git's index.threads, of DIV_ROUND_UP(entries, threads)
// entries (version 2 too). Only the entries changed and their neighbours
// may be decoded.
func TestV4WriteIsGits(t *testing.T) {
	setups := map[string][][]string{
		"v4":        {{"update-index", "--index-version", "4"}},
		"manyFiles": {{"config", "feature.manyFiles", "true"}},
		"v4-ieot": {{"config", "index.threads", "3"}, {"config", "index.recordEndOfIndexEntries", "true"},
			{"config", "index.recordOffsetTable", "true"}, {"update-index", "--index-version", "4"}},
		"v2-ieot": {{"config", "index.threads", "3"}, {"config", "index.recordEndOfIndexEntries", "true"},
			{"config", "index.recordOffsetTable", "true"}, {"update-index", "--index-version", "2"}},
	}
	changes := map[string]map[string]string{
		"replace":     {"src/module10/pkg0/file01000.go": "x\n"},
		"add-between": {"src/module10/pkg0/file01000a.go": "x\n"},
		"remove":      {"src/module10/pkg0/file01001.go": ""},
		"first-last":  {"0.txt": "0\n", "src/module29/pkg9/file02999.go": "", "zz/last.txt": "z\n"},
		"many": {"src/module00/pkg0/file00000.go": "", "src/module05/a.go": "a\n", "src/module09/pkg9/file00999.go": "",
			"src/module15/pkg5/file01550.go": "y\n", "src/module20/pkg0/file02000.go": "", "src/module20/pkg0/file02000b.go": "b\n",
			"src/module2": "c\n"},
	}
	for sname, setup := range setups {
		for cname, stage := range changes {
			t.Run(sname+"/"+cname, func(t *testing.T) {
				dir := v4Repo(t, setup)
				indexPath := filepath.Join(dir, ".git", "index")
				if v := headerVersion(t, indexPath); v != 4 && !strings.HasPrefix(sname, "v2") {
					t.Fatalf("git wrote version %d", v)
				}
				ix, err := index.Read(indexPath)
				if err != nil {
					t.Fatal(err)
				}
				for p, content := range stage {
					if content == "" {
						ix.Remove(p)
						continue
					}
					ix.Add(&index.Entry{Name: p, Mode: index.ModeRegular, Hash: plumbing.NewHash(gitBlob(t, dir, content))})
				}
				got, err := ix.Encode()
				if err != nil {
					t.Fatal(err)
				}
				if n := index.Decoded(ix); n > 2*len(stage) {
					t.Errorf("%d entries decoded for %d changed", n, len(stage))
				}
				// git in the same place (the untracked cache records it),
				// on the index our Encode left as it was.
				gitStage(t, dir, stage)
				want, err := os.ReadFile(indexPath)
				if err != nil {
					t.Fatal(err)
				}
				if string(got) != string(want) {
					t.Fatalf("%d bytes, git wrote %d (first difference at %d)", len(got), len(want), firstDiff(got, want))
				}
			})
		}
	}
}
