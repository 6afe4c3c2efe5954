package gitedit

import (
	"os/exec"
	"strings"
	"testing"
)

// TestBinaryLinksNoGoGitObjectStore: the gitedit command reads objects
// (loose, packed and in alternates) with its own reader, so neither
// go-git's object store nor the file system layer and caches it brings
// are linked, and none of their package initialisation runs at start.
func TestBinaryLinksNoGoGitObjectStore(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/gitedit/gitedit").Output()
	if err != nil {
		t.Skipf("go list is not available: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		for _, bad := range []string{"go-git/v5/storage", "go-git/go-billy", "go-git/v5/plumbing/cache", "go-git/v5/plumbing/format/packfile"} {
			if strings.Contains(pkg, bad) {
				t.Errorf("the command links %s", pkg)
			}
		}
	}
}
