package wildmatch

import (
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// TestPathnameMatchingAgreesWithGitCheckAttr compares Match in pathname
// mode with git's own: an anchored .gitattributes pattern ("/" + pattern)
// is matched against the whole path with WM_PATHNAME. (git compares the
// literal prefix before the first wildcard first and wildmatches the
// rest, so "a**/b" acts as "**/b" after "a" there: such patterns are left
// out, the attribute rules test that split.)
func TestPathnameMatchingAgreesWithGitCheckAttr(t *testing.T) {
	patterns := []string{"*.txt", "a/*.txt", "a/**/b.txt", "**/b.txt", "a/**", "*", "?.txt", "[ab].txt",
		"[!ab].txt", "[^ab].txt", "[a-c]x.txt", "[[:digit:]]*.txt", "a/*/b.txt", "**/a/**/*.go", "a*b/c",
		"\\*.txt", "**", "*/b.txt", "**/*.txt", "a/[!x]/b.txt", "[[:alpha:]-]*", "[]]*", "[a-]*",
		"a/?/b.txt", "[[:upper:]]*", "[[:punct:]]*", "[a", "[[:nope:]]*", "a/**/**/b.txt", "**/**"}
	paths := []string{"a.txt", "b.txt", "top.txt", "a/top.txt", "a/b.txt", "a/x/b.txt", "a/x/y/b.txt",
		"b/a/b.txt", "bx.txt", "dx.txt", "1x.txt", "*.txt", "a/c.go", "q/a/r/s.go", "axb/c", "a/xb/c",
		"X.txt", "-x", "]x", "!x", "[a"}
	repo := fixtures.NewRepo(t, nil)
	for _, pat := range patterns {
		fixtures.WriteFiles(t, repo, map[string]string{".gitattributes": "/" + pat + " mark\n"})
		out := fixtures.Git(t, repo, append([]string{"check-attr", "mark", "--"}, paths...)...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		for i, p := range paths {
			want := strings.HasSuffix(lines[i], ": set")
			if got := Match(pat, p, true); got != want {
				t.Errorf("Match(%q, %q, pathname) = %v, git says %v", pat, p, got, want)
			}
		}
	}
}

// TestPlainMatchingAgreesWithGitBranchList compares Match without pathname
// mode with `git branch --list`, which matches branch names (slashes
// included) with wildmatch flags 0: "*" crosses "/".
func TestPlainMatchingAgreesWithGitBranchList(t *testing.T) {
	branches := []string{"main", "a/b", "a/c/d", "ab", "x/a/b", "feat-1", "feat/2x"}
	patterns := []string{"*", "a*", "a/*", "*b", "a/**", "**/b", "a?b", "a/?", "feat[-/]*", "*/c/*", "a**", "a**/d",
		"[!a]*", "x/**/b", "*[[:digit:]]*", "a\\/b"}
	repo := fixtures.NewRepo(t, map[string]string{"f": "x\n"})
	for _, b := range branches[1:] {
		fixtures.Git(t, repo, "branch", b)
	}
	for _, pat := range patterns {
		out := fixtures.Git(t, repo, "branch", "--list", "--format=%(refname:short)", pat)
		listed := map[string]bool{}
		for _, l := range strings.Fields(out) {
			listed[l] = true
		}
		for _, b := range branches {
			if got := Match(pat, b, false); got != listed[b] {
				t.Errorf("Match(%q, %q, plain) = %v, git branch --list says %v", pat, b, got, listed[b])
			}
		}
	}
}
