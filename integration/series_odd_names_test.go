package integration

import (
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// oddSeriesNames are file names with every kind of byte git quotes in a
// diff header, and two it does not (a space, which gets git's trailing
// tab on ---/+++ lines, and plain ASCII punctuation).
var oddSeriesNames = []string{
	"a\nb.txt", "tab\there.txt", `q"uote.txt`, `back\slash.txt`, "caf\xe9.txt",
	"with space.txt", "café.txt", "esc\x1b[1m.txt", "dir with\nnewline/in side.txt",
}

// TestSeriesOfOddNamesMatchesGitFormatPatch makes gitedit commits that
// modify and create files with odd names (a newline, a tab, a double
// quote, a backslash, a non-UTF-8 byte, an escape, spaces, UTF-8), then a
// plain commit deleting one, changing a mode, adding a submodule and
// adding and changing binary files with odd names. gitedit series exports them, git am
// applies them on the base in a clone, and the tree is the tip's; each
// email's number ("[PATCH 01/14]"), diffstat, summary and diff are byte for byte what git
// format-patch writes for the same commit (but for the full ids gitedit
// writes on text files' index lines and the zlib bytes of binary ones).
func TestSeriesOfOddNamesMatchesGitFormatPatch(t *testing.T) {
	files := map[string]string{"gone\tfile.txt": "bye\n", "bin\n\xff.dat": "\x00old\xff\n"}
	for _, n := range oddSeriesNames {
		files[n] = "l1\nl2\none\nl4\n"
	}
	dir := fixtures.NewRepo(t, files)
	base := git(t, dir, "rev-parse", "HEAD")
	for _, n := range oddSeriesNames {
		ok(t, dir, "edit", n, "--old", "one", "--new", "two", "--commit")
	}
	for _, n := range []string{"new\nfile.txt", "new space.txt", "nouveau-é\\x.txt", "d\"q/sub dir/f\x01.txt"} {
		ok(t, dir, "edit", n, "--old", "", "--new", "first\nsecond\n", "--commit")
	}
	write(t, dir, "bin\n\xff.dat", "\x00new\xff\n")
	write(t, dir, "new bin \".dat", "\x00\x01\x02")
	write(t, dir, "d\"q.txt", "sorts before the folder d\"q/ in git's order\n")
	git(t, dir, "rm", "-q", "--", "gone\tfile.txt")
	write(t, dir, "d\"q/sub dir/f\x01.txt", "first\nchanged\n")
	git(t, dir, "add", "--", "bin\n\xff.dat", "new bin \".dat", "d\"q.txt", "d\"q/sub dir/f\x01.txt")
	git(t, dir, "update-index", "--chmod=+x", "--", "with space.txt")
	git(t, dir, "update-index", "--add", "--cacheinfo", "160000,"+base+",sub\tmodule")
	git(t, dir, "commit", "-q", "-m", "plain: binaries, a deletion, a mode, a submodule")

	out := filepath.Join(t.TempDir(), "series")
	ok(t, dir, "series", base+"..HEAD", "-o", out)
	gitOut := t.TempDir()
	git(t, dir, "format-patch", "-q", "--no-renames", "--signature=gitedit", "-o", gitOut, base+"..HEAD")
	ours, theirs := patchFiles(t, out), patchFiles(t, gitOut)
	require.Len(t, ours, len(oddSeriesNames)+5)
	require.Equal(t, names(theirs), names(ours))
	for i := range ours {
		wantHead, want, _ := strings.Cut(shortIndex(read(t, gitOut, filepath.Base(theirs[i]))), "\n---\n")
		gotHead, got, _ := strings.Cut(shortIndex(read(t, out, filepath.Base(ours[i]))), "\n---\n")
		require.Equal(t, patchNumber(wantHead), patchNumber(gotHead))
		require.Equal(t, diffHeaders(want), diffHeaders(got), filepath.Base(ours[i]))
		require.Equal(t, want, got, filepath.Base(ours[i]))
	}

	clone := filepath.Join(filepath.Dir(dir), "am-odd")
	fixtures.Git(t, filepath.Dir(dir), "clone", "-q", dir, clone)
	fixtures.Git(t, clone, "reset", "-q", "--hard", base)
	fixtures.Git(t, clone, append([]string{"am", "-q", "--keep-non-patch"}, ours...)...)
	require.Equal(t, git(t, dir, "rev-parse", "HEAD^{tree}"), git(t, clone, "rev-parse", "HEAD^{tree}"))
}

// patchFiles lists the .patch files of dir in order.
func patchFiles(t *testing.T, dir string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "*.patch"))
	require.NoError(t, err)
	sort.Strings(paths)
	return paths
}

// names is the base names of paths.
func names(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	return out
}

// patchNumber is the "[PATCH n/m]" of an email's subject.
func patchNumber(head string) string {
	_, subject, _ := strings.Cut(head, "\nSubject: ")
	n, _, _ := strings.Cut(subject, "]")
	return n
}

// indexLine matches the ids of an index line.
var indexLine = regexp.MustCompile(`(?m)^index ([0-9a-f]{7})[0-9a-f]*\.\.([0-9a-f]{7})[0-9a-f]*`)

// literalData matches the base85 lines of a binary literal.
var literalData = regexp.MustCompile(`(?m)^(literal [0-9]+\n)(?:[A-Za-z].*\n)+`)

// shortIndex abbreviates the ids of a patch's index lines to 7 digits
// (gitedit writes full ids on every file, git on binary ones only) and
// drops the data of binary literals (Go's zlib compresses differently).
func shortIndex(mail string) string {
	return literalData.ReplaceAllString(indexLine.ReplaceAllString(mail, "index $1..$2"), "$1")
}

// diffHeaders is the diffstat of an email's patch and the header lines
// of its diff (diff --git, mode, index and ---/+++ lines), so that a failure
// shows them first.
func diffHeaders(mail string) []string {
	stat, diff, _ := strings.Cut(mail, "\n\n")
	out := strings.Split(stat, "\n")
	for _, l := range strings.Split(diff, "\n") {
		for _, p := range []string{"diff --git ", "--- ", "+++ ", "old mode ", "new mode ", "new file mode ", "deleted file mode ", "index "} {
			if strings.HasPrefix(l, p) {
				out = append(out, l)
				break
			}
		}
	}
	return out
}
