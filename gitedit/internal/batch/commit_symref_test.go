package batch

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// A commit through HEAD -> refs/heads/alias -> refs/heads/main (a chain
// git would follow) is refused with unsupported, not io_error, and leaves
// HEAD, the index, the files and every ref as they were.
func TestCommitThroughASymbolicRefChainIsUnsupported(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	fixtures.Git(t, dir, "symbolic-ref", "refs/heads/alias", "refs/heads/main")
	fixtures.Git(t, dir, "symbolic-ref", "HEAD", "refs/heads/alias")
	before := fixtures.GitState(t, dir) + fixtures.Git(t, dir, "for-each-ref") + fixtures.Git(t, dir, "symbolic-ref", "HEAD")
	_, err := replaceIn(openTest(t, dir, dir), "a.txt", "one", "two", spec.Options{Commit: true})
	var e *spec.Error
	require.True(t, errors.As(err, &e), "%v", err)
	require.Equal(t, spec.CodeUnsupported, e.Code, e.Message)
	require.Equal(t, before, fixtures.GitState(t, dir)+fixtures.Git(t, dir, "for-each-ref")+fixtures.Git(t, dir, "symbolic-ref", "HEAD"))
}
