package objects

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/fixtures"
)

// op is one change, applied both with UpdateTree and with git update-index.
type op struct {
	path, content string
	mode          filemode.FileMode
	del           bool
}

func set(path, content string) op { return op{path: path, content: content, mode: filemode.Regular} }
func exe(path, content string) op { return op{path: path, content: content, mode: filemode.Executable} }
func link(path, target string) op { return op{path: path, content: target, mode: filemode.Symlink} }
func del(path string) op          { return op{path: path, del: true} }

// treeRepo builds a repository whose HEAD holds nested folders, an
// executable, a symlink and a submodule entry, with names that sort
// differently as trees ("a-b", "a.c", "a/", "a0").
func treeRepo(t *testing.T) string {
	dir := fixtures.NewRepo(t, map[string]string{
		"README": "r\n", "a-b": "1\n", "a.c": "2\n", "a/x.go": "x\n", "a/b/c/d.txt": "d\n",
		"a0": "0\n", "bin/run.sh": "#!/bin/sh\n", "src/lib/one.go": "1\n", "src/lib/two.go": "2\n",
	})
	fixtures.Git(t, dir, "update-index", "--chmod=+x", "bin/run.sh")
	if err := os.Symlink("README", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	fixtures.Git(t, dir, "add", "link")
	head := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD"))
	fixtures.Git(t, dir, "update-index", "--add", "--cacheinfo", "160000,"+head+",vendor/mod")
	fixtures.Git(t, dir, "commit", "-q", "-m", "modes")
	return dir
}

func TestUpdateTreeMatchesGitWriteTree(t *testing.T) {
	dir := treeRepo(t)
	s := storage(dir)
	base := plumbing.NewHash(strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD^{tree}")))
	tests := []struct {
		name string
		ops  []op
	}{
		{"modify top file", []op{set("README", "new\n")}},
		{"modify nested", []op{set("a/b/c/d.txt", "D\n")}},
		{"add file in new nested dirs", []op{set("n/e/w/f.txt", "f\n")}},
		{"add sorting between a-b a.c a/ a0", []op{set("a.d", "x\n"), set("a/a", "y\n"), set("a+", "z\n")}},
		{"delete leaves empty dirs dropped", []op{del("a/b/c/d.txt")}},
		{"delete whole subtree content", []op{del("src/lib/one.go"), del("src/lib/two.go")}},
		{"delete missing path", []op{del("nope/x")}},
		{"exec bit set", []op{exe("README", "r\n")}},
		{"exec bit cleared", []op{set("bin/run.sh", "#!/bin/sh\n")}},
		{"symlink added", []op{link("a/ln", "../README")}},
		{"file replaces symlink", []op{set("link", "plain\n")}},
		{"file deleted, folder of its name created", []op{del("a0"), set("a0/y", "y\n")}},
		{"folder of a file's name created, the file deleted", []op{set("README/x", "x\n"), del("README")}},
		{"many changes", []op{set("README", "1\n"), del("a/x.go"), set("src/lib/three.go", "3\n"), exe("bin/new", "n\n"), del("a-b")}},
		{"delete everything", []op{del("README"), del("a-b"), del("a.c"), del("a/x.go"), del("a/b/c/d.txt"), del("a0"),
			del("bin/run.sh"), del("src/lib/one.go"), del("src/lib/two.go"), del("link"), del("vendor/mod")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			changes := toChanges(t, s, tt.ops)
			got, err := UpdateTree(NewTrees(s), base, changes)
			if err != nil {
				t.Fatal(err)
			}
			if want := gitWriteTree(t, dir, "HEAD", changes); got.String() != want {
				t.Errorf("UpdateTree = %s, git write-tree = %s\nours:\n%s\ngit:\n%s", got, want,
					fixtures.Git(t, dir, "ls-tree", "-r", "-t", got.String()), fixtures.Git(t, dir, "ls-tree", "-r", "-t", want))
			}
		})
	}
	fixtures.Git(t, dir, "fsck", "--strict", "--no-dangling")
}

func TestUpdateTreeFromEmptyMatchesGitWriteTree(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	s := storage(dir)
	changes := toChanges(t, s, []op{set("z", "z\n"), set("d/e/f", "f\n"), exe("x.sh", "x\n")})
	got, err := UpdateTree(NewTrees(s), plumbing.ZeroHash, changes)
	if err != nil {
		t.Fatal(err)
	}
	if want := gitWriteTree(t, dir, "--empty", changes); got.String() != want {
		t.Errorf("UpdateTree = %s, git write-tree = %s", got, want)
	}
	empty, err := UpdateTree(NewTrees(s), plumbing.ZeroHash, nil)
	if err != nil || empty != EmptyTree {
		t.Errorf("empty tree = %s, %v; want %s", empty, err, EmptyTree)
	}
	fixtures.Git(t, dir, "cat-file", "-t", EmptyTree.String())
}

func TestUpdateTreeRefusesBadPaths(t *testing.T) {
	s := storage(fixtures.NewRepo(t, nil))
	h := HashBlob(nil)
	for _, p := range []string{"", "/a", "a/", "a//b", "./a", "a/../b", ".git/config", "x/.GIT/y"} {
		if _, err := UpdateTree(NewTrees(s), plumbing.ZeroHash, []TreeChange{{Path: p, Hash: h, Mode: filemode.Regular}}); err == nil {
			t.Errorf("UpdateTree accepted path %q", p)
		}
	}
}

// toChanges writes the ops' blobs and returns them as TreeChanges.
func toChanges(t *testing.T, s *DB, ops []op) []TreeChange {
	t.Helper()
	var changes []TreeChange
	for _, o := range ops {
		c := TreeChange{Path: o.path, Mode: o.mode, Delete: o.del}
		if !o.del {
			h, err := WriteBlob(s, []byte(o.content))
			if err != nil {
				t.Fatal(err)
			}
			c.Hash = h
		}
		changes = append(changes, c)
	}
	return changes
}

// gitWriteTree resets the index to base ("--empty" for none), applies changes with git
// update-index and returns what git write-tree prints.
func gitWriteTree(t *testing.T, dir, base string, changes []TreeChange) string {
	t.Helper()
	fixtures.Git(t, dir, "read-tree", base)
	for _, c := range changes {
		if c.Delete {
			fixtures.Git(t, dir, "update-index", "--force-remove", c.Path)
			continue
		}
		info := fmt.Sprintf("%o,%s,%s", uint32(c.Mode), c.Hash, c.Path)
		fixtures.Git(t, dir, "update-index", "--add", "--replace", "--cacheinfo", info)
	}
	return strings.TrimSpace(fixtures.Git(t, dir, "write-tree"))
}
