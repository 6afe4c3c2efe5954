package batch

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// TestCommitWritesReflogsAsCoreLogAllRefUpdates commits with gitedit and
// with git commit in twin repositories whose reflogs were (partly)
// removed, under each core.logAllRefUpdates: the same reflog files exist
// afterwards, with the same number of entries. gitedit used to ignore the
// setting and create logs/HEAD and the branch's log even when it was
// false (git then only appends to reflogs that exist).
func TestCommitWritesReflogsAsCoreLogAllRefUpdates(t *testing.T) {
	for _, policy := range []string{"false", "FALSE", "true", "always", "Always"} {
		for _, removed := range []string{"logs", "logs/HEAD"} {
			t.Run(policy+"/no "+removed, func(t *testing.T) {
				prepare := func() string {
					dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
					fixtures.Git(t, dir, "config", "core.logAllRefUpdates", policy)
					require.NoError(t, os.RemoveAll(filepath.Join(dir, ".git", removed)))
					return dir
				}
				withGit := prepare()
				require.NoError(t, os.WriteFile(filepath.Join(withGit, "a.txt"), []byte("two\n"), 0o644))
				fixtures.Git(t, withGit, "commit", "-qam", "edit")
				withGitedit := prepare()
				_, err := replaceIn(openTest(t, withGitedit, withGitedit), "a.txt", "one", "two", spec.Options{Commit: true})
				require.NoError(t, err)
				require.Equal(t, reflogSizes(t, withGit), reflogSizes(t, withGitedit))
			})
		}
	}
}

// reflogSizes lists dir's reflog files with their number of entries.
func reflogSizes(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	logs := filepath.Join(dir, ".git", "logs")
	_ = filepath.WalkDir(logs, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, rerr := os.ReadFile(p)
			require.NoError(t, rerr)
			rel, _ := filepath.Rel(logs, p)
			out = append(out, fmt.Sprintf("%s: %d", rel, strings.Count(string(b), "\n")))
		}
		return nil
	})
	sort.Strings(out)
	return out
}
