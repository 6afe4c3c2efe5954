package gitedit_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/gitedit/gitedit/gitedit"
)

// exampleRepo makes, for the session examples, a repository holding one
// committed file (its message the file's name without extension) and
// opens it: the steps Example shows in full. The caller removes dir.
func exampleRepo(file, content string) (dir string, r *gitedit.Repo, err error) {
	if dir, err = os.MkdirTemp("", "gitedit-example"); err != nil {
		return "", nil, err
	}
	if err = os.WriteFile(filepath.Join(dir, file), []byte(content), 0o644); err != nil {
		return dir, nil, err
	}
	msg := strings.TrimSuffix(file, filepath.Ext(file))
	for _, args := range [][]string{{"init", "-q"}, {"config", "user.name", "Ada"},
		{"config", "user.email", "ada@example.com"}, {"add", "."}, {"commit", "-q", "-m", msg}} {
		if err := exec.Command("git", append([]string{"-C", dir}, args...)...).Run(); err != nil {
			return dir, nil, fmt.Errorf("git: %w", err)
		}
	}
	r, err = gitedit.Open(dir)
	return dir, r, err
}
