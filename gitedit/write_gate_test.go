package gitedit

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestWriteGateIsPassedBeforeAnyWrite checks WithWriteGate: an edit (and
// a dry run, and an edit in commit mode) calls the gate once, when
// index.lock is not taken yet and the file, the index and HEAD are as
// they were; a refused edit calls it too, and still changes nothing.
func TestWriteGateIsPassedBeforeAnyWrite(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	r := openTest(t, dir, dir)
	state := func() string {
		data, err := os.ReadFile(filepath.Join(dir, "a.txt"))
		require.NoError(t, err)
		return string(data) + fixtures.Git(t, dir, "ls-files", "-s") + fixtures.Git(t, dir, "rev-parse", "HEAD")
	}
	for _, c := range []struct {
		name string
		req  EditRequest
		opt  Options
	}{
		{"dry run", EditRequest{FilePath: "a.txt", OldString: "one", NewString: "two", DryRun: true}, Options{}},
		{"refused", EditRequest{FilePath: "a.txt", OldString: "absent", NewString: "two"}, Options{}},
		{"staged", EditRequest{FilePath: "a.txt", OldString: "one", NewString: "two"}, Options{}},
		{"committed", EditRequest{FilePath: "a.txt", OldString: "two", NewString: "three"}, Options{Commit: true, Dirty: DirtyInclude}},
	} {
		before, calls := state(), 0
		gate := func() {
			calls++
			assert.NoFileExists(t, filepath.Join(dir, ".git", "index.lock"), c.name)
			assert.Equal(t, before, state(), "%s: nothing written before the gate", c.name)
		}
		_, err := r.Edit(WithWriteGate(context.Background(), gate), c.req, c.opt)
		assert.Equal(t, c.name == "refused", err != nil, "%s: %v", c.name, err)
		assert.Equal(t, 1, calls, c.name)
	}
	assert.Equal(t, "three\n", fixtures.Git(t, dir, "show", "HEAD:a.txt"))
}
