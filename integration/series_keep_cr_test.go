package integration

import (
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestSeriesOfCRLFLinesAppliesWithKeepCR: a session's series of edits to
// a -text file stored with CRLF line endings holds lines ending in CR;
// as for git format-patch's, git am strips the CRs and refuses it, and
// git am --keep-cr applies it, making the trees land --each makes.
func TestSeriesOfCRLFLinesAppliesWithKeepCR(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{".gitattributes": "*.dat -text\n", "m.dat": "x\r\ny\r\nz\r\n"})
	base := git(t, dir, "rev-parse", "HEAD")
	ok(t, dir, "edit", "m.dat", "--old", "x", "--new", "X", "--session", "s")
	ok(t, dir, "edit", "m.dat", "--old", "z", "--new", "Z", "--session", "s")
	out := filepath.Join(t.TempDir(), "series")
	ok(t, dir, "series", "--session", "s", "-o", out)
	names, err := filepath.Glob(filepath.Join(out, "*.patch"))
	require.NoError(t, err)
	sort.Strings(names)
	require.Len(t, names, 2)

	plain := copyRepo(t, dir)
	git(t, plain, "reset", "-q", "--hard", "HEAD")
	assert.False(t, gitOK(plain, append([]string{"am", "-q"}, names...)...), "git am strips the CRs")

	cp := copyRepo(t, dir)
	git(t, cp, "reset", "-q", "--hard", "HEAD")
	git(t, cp, append([]string{"am", "-q", "--keep-cr"}, names...)...)
	ok(t, dir, "session", "land", "s", "--each")
	assert.Equal(t, commitTrees(t, cp, base), commitTrees(t, dir, base))
}
