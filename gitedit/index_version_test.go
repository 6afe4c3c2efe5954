package gitedit

import (
	"context"
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestNewIndexTakesTheVersionGitWouldGiveIt removes the index of twin
// repositories and stages one edited file in each, with git add and with
// gitedit: the index file each creates has the same version, under
// index.version, feature.manyFiles and GIT_INDEX_VERSION, valid or not
// (git takes 3 for a bad value, and writes 3 as 2 when no entry needs
// extended flags). gitedit created every index as version 2.
func TestNewIndexTakesTheVersionGitWouldGiveIt(t *testing.T) {
	tests := []struct {
		name   string
		config []string // key, value, key, value...
		env    string
	}{
		{"default", nil, ""},
		{"index.version 4", []string{"index.version", "4"}, ""},
		{"index.version 3", []string{"index.version", "3"}, ""},
		{"index.version 9", []string{"index.version", "9"}, ""},
		{"feature.manyFiles", []string{"feature.manyFiles", "true"}, ""},
		{"manyFiles but index.version 2", []string{"feature.manyFiles", "true", "index.version", "2"}, ""},
		{"GIT_INDEX_VERSION 4", nil, "4"},
		{"GIT_INDEX_VERSION junk", []string{"index.version", "4"}, "x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.env != "" {
				t.Setenv("GIT_INDEX_VERSION", tt.env)
			}
			prepare := func() string {
				dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n", "b.txt": "bee\n"})
				for i := 0; i < len(tt.config); i += 2 {
					fixtures.Git(t, dir, "config", tt.config[i], tt.config[i+1])
				}
				require.NoError(t, os.Remove(filepath.Join(dir, ".git", "index")))
				return dir
			}
			withGit := prepare()
			require.NoError(t, os.WriteFile(filepath.Join(withGit, "a.txt"), []byte("two\n"), 0o644))
			gitAdd := exec.Command("git", "add", "a.txt")
			gitAdd.Dir, gitAdd.Env = withGit, fixtures.Env(fixtures.Home(withGit))
			if env, set := os.LookupEnv("GIT_INDEX_VERSION"); set {
				gitAdd.Env = append(gitAdd.Env, "GIT_INDEX_VERSION="+env)
			}
			out, err := gitAdd.CombinedOutput()
			require.NoError(t, err, "%s", out)
			withGitedit := prepare()
			_, err = openTest(t, withGitedit, withGitedit).Edit(context.Background(), EditRequest{FilePath: "a.txt", OldString: "one", NewString: "two"}, Options{})
			require.NoError(t, err)
			assert.Equal(t, indexVersion(t, withGit), indexVersion(t, withGitedit))
			assert.Equal(t, fixtures.Git(t, withGit, "ls-files", "-s"), fixtures.Git(t, withGitedit, "ls-files", "-s"))
		})
	}
}

// indexVersion reads the version field of dir's index file.
func indexVersion(t *testing.T, dir string) uint32 {
	data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	require.NoError(t, err)
	return binary.BigEndian.Uint32(data[4:8])
}
