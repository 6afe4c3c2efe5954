package attr

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// TestPatternsMatchAsGitCheckAttrMatchesThem compares attribute pattern
// matching with `git check-attr` for patterns with and without slashes.
func TestPatternsMatchAsGitCheckAttrMatchesThem(t *testing.T) {
	patterns := []string{"*.txt", "a/*.txt", "a/**/b.txt", "**/b.txt", "a/**", "/top.txt", "*", "?.txt",
		"[ab].txt", "[!ab].txt", "[a-c]x.txt", "[[:digit:]]*.txt", "a/*/b.txt", "**/a/**/*.go", "a*b/c", "\\*.txt", "x/",
		"**", "*/b.txt", "**/*.txt", "a/[!x]/b.txt", "a/**/", "a**/b.txt", "[[:alpha:]-]*", "[]]*", "[a-]*"}
	paths := []string{"a.txt", "b.txt", "c.txt", "top.txt", "a/top.txt", "a/b.txt", "a/x/b.txt", "a/x/y/b.txt",
		"b/a/b.txt", "bx.txt", "dx.txt", "1x.txt", "*.txt", "a/c.go", "q/a/r/s.go", "axb/c", "a/xb/c", "x/y"}
	repo := fixtures.NewRepo(t, nil)
	for _, pat := range patterns {
		fixtures.WriteFiles(t, repo, map[string]string{".gitattributes": pat + " mark\n"})
		out := fixtures.Git(t, repo, append([]string{"check-attr", "mark", "--"}, paths...)...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		rule, _ := parseLine(pat+" mark", false)
		for i, p := range paths {
			want := strings.HasSuffix(lines[i], ": set")
			if got := rule.matches(p, ""); got != want {
				t.Errorf("pattern %q path %q: match %v, git %v", pat, p, got, want)
			}
		}
	}
}

// TestLookupAgreesWithGitCheckAttrAll layers attribute files (folders,
// info/attributes, macros, "!name", values) and compares Lookup for paths
// at each depth with `git check-attr -a`, through the Repo's cache and
// through one operation's pinned copy, which remembers each folder's files
// (paths of one folder, each looked up twice).
func TestLookupAgreesWithGitCheckAttrAll(t *testing.T) {
	files := map[string]string{
		".gitattributes":       "[attr]m a b=1\n*.txt m c -d\n*.bin binary\n/top.txt !c e=top\n",
		"x/.gitattributes":     "[attr]ignored z\n*.txt -a c=x ignored\n",
		"x/y/.gitattributes":   "q*.txt !b\n",
		".git/info/attributes": "*.txt d\n",
	}
	paths := []string{"top.txt", "x/one.txt", "x/y/q1.txt", "x/y/r.txt", "f.bin", "x/f.go", "x/two.txt", "x/y/q2.txt", "x/y/q1.txt", "top.txt"}
	repo := fixtures.NewRepo(t, nil)
	fixtures.WriteFiles(t, repo, files)
	shared := NewCache("", "")
	for _, c := range []*Cache{shared, shared.Pin()} {
		for _, p := range paths {
			checkLookup(t, c, repo, p)
		}
	}
}

// checkLookup compares c's attributes for p with `git check-attr -a`.
func checkLookup(t *testing.T, c *Cache, repo, p string) {
	t.Helper()
	out := fixtures.Git(t, repo, "check-attr", "-a", "--", p)
	attrs, err := c.Lookup(repo, filepath.Join(repo, ".git"), p)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.SplitAfter(out, "\n")
	sort.Strings(want)
	if got := checkAttrLines(p, attrs); got != strings.Join(want, "") {
		t.Errorf("%s (pinned %v): Lookup says\n%sgit check-attr -a says\n%s", p, c.Pinned(), got, out)
	}
}

// TestPinnedLookupTakesAPlanAfterRememberingTheFolder looks a path up in a
// pinned cache (which remembers its folder's files), plans a new
// .gitattributes in that folder and in its parent, and checks that the next
// lookups see the plans as git sees the same files written.
func TestPinnedLookupTakesAPlanAfterRememberingTheFolder(t *testing.T) {
	repo := fixtures.NewRepo(t, nil)
	fixtures.WriteFiles(t, repo, map[string]string{".gitattributes": "*.txt a\n", "x/.gitattributes": "*.txt b\n"})
	c := NewCache("", "").Pin()
	checkLookup(t, c, repo, "x/one.txt")
	planned := map[string]string{"x/.gitattributes": "*.txt c -a\n", ".gitattributes": "x/*.txt d\n"}
	for rel, content := range planned {
		c.Plan(filepath.Join(repo, filepath.FromSlash(rel)), strings.TrimSuffix(strings.TrimSuffix(rel, ".gitattributes"), "/"), []byte(content), true)
	}
	fixtures.WriteFiles(t, repo, planned)
	checkLookup(t, c, repo, "x/one.txt")
	checkLookup(t, c, repo, "x/two.txt")
	c.Plan(filepath.Join(repo, "x", ".gitattributes"), "x", nil, false)
	fixtures.WriteFiles(t, repo, map[string]string{"x/.gitattributes": ""})
	checkLookup(t, c, repo, "x/one.txt")
}

// checkAttrLines renders attrs as `git check-attr -a` lists them (the
// specified ones), sorted.
func checkAttrLines(path string, attrs Attrs) string {
	var lines []string
	for name, v := range attrs {
		word := map[State]string{Set: "set", Unset: "unset", Valued: v.Text}[v.State]
		if word != "" {
			lines = append(lines, path+": "+name+": "+word+"\n")
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "")
}
