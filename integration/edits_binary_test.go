package integration

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// gitHeaderLines are the lines of git's diff that gitedit's result diff
// leaves out (it starts each file at "---", or at "Binary files").
var gitHeaderLines = regexp.MustCompile(`(?m)^(diff --git|index |new file mode|deleted file mode|old mode|new mode|similarity|rename |copy ).*\n`)

// gitFuncContext is the function context git writes after a hunk header,
// which gitedit's diff does not write.
var gitFuncContext = regexp.MustCompile(`(?m)^(@@ [^@]* @@) .*$`)

// TestBinaryDiffAgreesWithGit makes each change in git, takes git's own
// diff of it, and applies the same change with gitedit patch: the result's
// diff must be git's (headers aside), "Binary files … differ" exactly when
// git says so, as decided by NUL bytes or the diff attribute.
func TestBinaryDiffAgreesWithGit(t *testing.T) {
	big := strings.Repeat("text line\n", 900) // a NUL after 8000 bytes does not count
	tests := []struct {
		name   string
		before map[string]string
		after  map[string]string
		config []string
	}{
		{"nul byte", map[string]string{"img.bin": "\x89PNG\x00\x01\x1b[2J"}, map[string]string{"img.bin": "\x89PNG\x00\x02\x1b[31m"}, nil},
		{"created", map[string]string{"k": "k\n"}, map[string]string{"k": "k\n", "new.bin": "a\x00b"}, nil},
		{"deleted", map[string]string{"k": "k\n", "old.bin": "a\x00b"}, map[string]string{"k": "k\n"}, nil},
		{"nul after 8000 bytes", map[string]string{"late.txt": big + "x\x00y\n"}, map[string]string{"late.txt": big + "z\x00y\n"}, nil},
		{"-diff attribute", map[string]string{".gitattributes": "*.dat -diff\n", "a.dat": "one\n"}, map[string]string{".gitattributes": "*.dat -diff\n", "a.dat": "two\n"}, nil},
		{"binary macro", map[string]string{".gitattributes": "*.dat binary\n", "a.dat": "one\n"}, map[string]string{".gitattributes": "*.dat binary\n", "a.dat": "two\n"}, nil},
		{"diff driver binary", map[string]string{".gitattributes": "*.hex diff=hex\n", "a.hex": "one\n"}, map[string]string{".gitattributes": "*.hex diff=hex\n", "a.hex": "two\n"}, []string{"diff.hex.binary", "true"}},
		{"diff driver without binary", map[string]string{".gitattributes": "*.hex diff=hex\n", "a.hex": "one\n"}, map[string]string{".gitattributes": "*.hex diff=hex\n", "a.hex": "two\n"}, nil},
		{"escape sequences in text", map[string]string{"t.txt": "a\x1b[2Jb\n"}, map[string]string{"t.txt": "a\x1b[31mc\n"}, nil},
		{"mixed line endings", map[string]string{"m.txt": "a\r\nb\nc\r\nd\n"}, map[string]string{"m.txt": "a\r\nb\nC\r\nd\n"}, nil},
		{"line ending alone", map[string]string{"e.txt": "a\nb\nc\n"}, map[string]string{"e.txt": "a\nb\r\nc\n"}, nil},
		{"space in name", map[string]string{"my img.bin": "\x00a"}, map[string]string{"my img.bin": "\x00b"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := fixtures.NewRepo(t, tt.before)
			if tt.config != nil {
				git(t, dir, append([]string{"config"}, tt.config...)...)
			}
			patch, want := gitChange(t, dir, tt.before, tt.after)
			res, r := jsonResult(t, dir, patch, "patch", "-")
			require.Equal(t, 0, r.code, "stderr: %s", r.stderr)
			require.Equal(t, want, res["diff"])
			human := gitedit(t, dir, "", "log") // any command: the repository still works
			require.Equal(t, 0, human.code)
		})
	}
}

// gitChange writes after over before in dir, and returns git's binary
// patch of the change and git's own diff of it (header lines dropped),
// then puts the working tree and index back.
func gitChange(t *testing.T, dir string, before, after map[string]string) (string, string) {
	for rel := range before {
		if _, ok := after[rel]; !ok {
			git(t, dir, "rm", "-q", rel)
		}
	}
	fixtures.WriteFiles(t, dir, after)
	git(t, dir, "add", "-A")
	patch := fixtures.Git(t, dir, "diff", "--cached", "--binary")
	want := gitHeaderLines.ReplaceAllString(fixtures.Git(t, dir, "diff", "--cached"), "")
	want = gitFuncContext.ReplaceAllString(want, "$1")
	git(t, dir, "reset", "-q", "--hard")
	return patch, want
}

// TestHumanOutputOfBinaryChangeHoldsNoBytesOfIt: the text output of a
// change to a binary file (one holding terminal escapes) is git's Binary
// files line, with none of the file's bytes, on a terminal or not.
func TestHumanOutputOfBinaryChangeHoldsNoBytesOfIt(t *testing.T) {
	before := map[string]string{"img.bin": "\x00\x1b]0;pwned\x07"}
	dir := fixtures.NewRepo(t, before)
	patch, _ := gitChange(t, dir, before, map[string]string{"img.bin": "\x00\x1b[31mred\x1b[2J"})
	r := gitedit(t, dir, patch, "patch", "-")
	require.Equal(t, 0, r.code, "stderr: %s", r.stderr)
	require.Contains(t, r.stdout, "Binary files a/img.bin and b/img.bin differ\n")
	require.NotRegexp(t, "[\x00-\x08\x0b-\x1f\x7f]|red|pwned", r.stdout+r.stderr)
}
