package repo

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// convContents are working-tree contents that exercise git's text
// heuristic and CRLF rules.
var convContents = map[string]string{
	"lf":       "a\nb\n",
	"crlf":     "a\r\nb\r\n",
	"mixed":    "a\r\nb\nc\r\n",
	"lonecr":   "a\rb\r\n",
	"nul":      "a\x00b\r\n",
	"noeol":    "a\r\nb",
	"ctrlz":    "a\r\nb\r\n\x1a",
	"control":  "x\x01\x02\x03\r\n" + strings.Repeat("p", 200) + "\r\n",
	"fewctrl":  "x\x01\r\n" + strings.Repeat("p", 300) + "\r\n",
	"crcrlf":   "a\r\r\nb\r\n",
	"empty":    "",
	"onlycrlf": "\r\n",
}

// convConfigs are line-ending settings, passed to git and gitedit alike
// through GIT_CONFIG_COUNT.
var convConfigs = map[string][][2]string{
	"none":              nil,
	"autocrlf=true":     {{"core.autocrlf", "true"}},
	"autocrlf=input":    {{"core.autocrlf", "input"}},
	"autocrlf=false":    {{"core.autocrlf", "false"}},
	"eol=crlf":          {{"core.eol", "crlf"}},
	"autocrlf=true+lf":  {{"core.autocrlf", "true"}, {"core.eol", "lf"}},
	"eol=lf,autocrlf=0": {{"core.eol", "lf"}, {"core.autocrlf", "0"}},
}

// convAttributes are root .gitattributes contents.
var convAttributes = []string{
	"",
	"* text",
	"* -text",
	"* text=auto",
	"*.txt eol=crlf",
	"*.txt eol=lf",
	"* binary",
	"*.txt text eol=lf",
	"* crlf",
	"* -crlf",
	"* crlf=input",
	"* text=auto eol=lf",
	"* text=auto eol=crlf",
	"[attr]mytext text\n*.txt mytext",
	"* text\n*.txt binary",
	"*.txt binary text",
	"* text=bogus",
	"* -text eol=crlf",
	"* text\n*.txt !text",
	"* text=auto\n*.bin -text",
	"[attr]binary text\n* binary",
}

// countEnv renders config pairs as GIT_CONFIG_COUNT variables.
func countEnv(cfg [][2]string) []string {
	env := []string{fmt.Sprintf("GIT_CONFIG_COUNT=%d", len(cfg))}
	for i, kv := range cfg {
		env = append(env, fmt.Sprintf("GIT_CONFIG_KEY_%d=%s", i, kv[0]), fmt.Sprintf("GIT_CONFIG_VALUE_%d=%s", i, kv[1]))
	}
	return env
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// hashObjects runs `git hash-object` on paths and returns path → id.
func hashObjects(t *testing.T, repo string, env []string, paths []string) map[string]string {
	t.Helper()
	out, err := gitIn(repo, repo, env, append([]string{"hash-object", "--"}, paths...)...)
	if err != nil {
		t.Fatalf("git hash-object: %v", err)
	}
	ids := strings.Fields(out)
	m := map[string]string{}
	for i, p := range paths {
		m[p] = ids[i]
	}
	return m
}

// TestHashFileMatchesGitHashObject checks every combination of config,
// Attributes and content against `git hash-object PATH`.
func TestHashFileMatchesGitHashObject(t *testing.T) {
	repo := fixtures.NewRepo(t, nil)
	var paths []string
	files := map[string]string{}
	for _, name := range sortedKeys(convContents) {
		for _, ext := range []string{".txt", ".bin"} {
			files["c-"+name+ext] = convContents[name]
			paths = append(paths, "c-"+name+ext)
		}
	}
	fixtures.WriteFiles(t, repo, files)
	for _, cfgName := range sortedKeys(convConfigs) {
		env := countEnv(convConfigs[cfgName])
		for _, attrs := range convAttributes {
			fixtures.WriteFiles(t, repo, map[string]string{".gitattributes": attrs + "\n"})
			r := openTest(t, repo, repo, env...)
			want := hashObjects(t, repo, env, paths)
			for _, p := range paths {
				got, err := r.HashFile(p, []byte(files[p]))
				if err != nil || got.String() != want[p] {
					t.Errorf("%s, attributes %q, %s: hashFile %s, %v; git hash-object %s", cfgName, attrs, p, got, err, want[p])
				}
			}
		}
	}
}

// TestAttributePrecedenceMatchesGit layers the attribute files git reads
// and checks hashFile against `git hash-object` for files at each depth.
func TestAttributePrecedenceMatchesGit(t *testing.T) {
	layouts := []struct {
		name  string
		files map[string]string
	}{
		{"deeper folder wins", map[string]string{".gitattributes": "*.txt text\n", "a/.gitattributes": "*.txt -text\n"}},
		{"deeper folder, anchored pattern", map[string]string{".gitattributes": "*.txt -text\n", "a/.gitattributes": "/x.txt text\nb/*.txt text\n"}},
		{"info/attributes wins", map[string]string{".gitattributes": "*.txt -text\n", "a/.gitattributes": "*.txt -text\n", ".git/info/attributes": "*.txt text\n"}},
		{"macro in a subfolder is ignored", map[string]string{"a/.gitattributes": "[attr]t text\n*.txt t\n"}},
		{"root macro used below", map[string]string{".gitattributes": "[attr]t text\n", "a/.gitattributes": "*.txt t\n"}},
		{"sibling folders do not apply", map[string]string{"c/.gitattributes": "* text\n"}},
		{"global attributes file is lowest", map[string]string{"../home/.config/git/attributes": "* text\n", "a/.gitattributes": "*.txt -text\n"}},
		{"folder pattern with slash does not match files", map[string]string{".gitattributes": "a/ text\nd/b/ text\n"}},
		{"quoted pattern", map[string]string{".gitattributes": "\"a/x y.txt\" text\n"}},
	}
	crlf := "one\r\ntwo\r\n"
	paths := []string{"x.txt", "a/x.txt", "a/b/x.txt", "a/x y.txt", "d/b", "c.txt"}
	for _, tt := range layouts {
		t.Run(tt.name, func(t *testing.T) {
			repo := fixtures.NewRepo(t, nil)
			for _, p := range paths {
				fixtures.WriteFiles(t, repo, map[string]string{p: crlf})
			}
			fixtures.WriteFiles(t, repo, tt.files)
			r := openTest(t, repo, repo)
			want := hashObjects(t, repo, nil, paths)
			for _, p := range paths {
				if got, err := r.HashFile(p, []byte(crlf)); err != nil || got.String() != want[p] {
					t.Errorf("%s: hashFile %s, %v; git %s", p, got, err, want[p])
				}
			}
		})
	}
}

func TestSymlinkedGitattributesIgnoredLikeGit(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"x.txt": "a\r\n", "real-attrs": "* text\n"})
	if err := os.Symlink("real-attrs", filepath.Join(repo, ".gitattributes")); err != nil {
		t.Fatal(err)
	}
	r := openTest(t, repo, repo)
	want := hashObjects(t, repo, nil, []string{"x.txt"})["x.txt"]
	if got, err := r.HashFile("x.txt", []byte("a\r\n")); err != nil || got.String() != want {
		t.Errorf("hashFile %s, %v; git %s", got, err, want)
	}
}

func TestToGitRefusesFilters(t *testing.T) {
	tests := []struct {
		attrs string
		code  spec.Code
		msg   string
	}{
		{"*.txt filter=lfs diff=lfs merge=lfs -text", spec.CodeUnsupported, "filter=lfs"},
		{"* filter=anything", spec.CodeUnsupported, "filter=anything"},
		{"*.txt working-tree-encoding=UTF-16", spec.CodeUnsupported, "working-tree-encoding=UTF-16"},
		{"*.txt ident", spec.CodeUnsupported, "ident"},
		{"*.txt -ident -filter", "", ""},
		{"*.txt filter=lfs\n*.txt !filter", "", ""},
		{"*.md filter=lfs", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.attrs, func(t *testing.T) {
			repo := fixtures.NewRepo(t, map[string]string{".gitattributes": tt.attrs + "\n"})
			_, err := openTest(t, repo, repo).ToGit("a.txt", []byte("x\n"))
			if spec.CodeOf(err) != tt.code || (err != nil && !strings.Contains(err.Error(), tt.msg)) {
				t.Errorf("err = %v, want %q naming %q", err, tt.code, tt.msg)
			}
			if err != nil && spec.AsError(err).FilePath != "a.txt" {
				t.Errorf("error does not name the file: %+v", err)
			}
		})
	}
}

// TestToGitForIndexMatchesGitAdd checks git's rule that under autocrlf or
// text=auto a file whose index copy already has CRLF is stored as is,
// against the blob `git add` stages.
func TestToGitForIndexMatchesGitAdd(t *testing.T) {
	tests := []struct {
		name, attrs, autocrlf, indexed, content string
	}{
		{"autocrlf, CRLF in index: kept", "", "true", "a\r\nb\r\n", "a\r\nc\r\n"},
		{"autocrlf, LF in index: converted", "", "true", "a\nb\n", "a\r\nc\r\n"},
		{"text=auto, CRLF in index: kept", "* text=auto", "false", "a\r\nb\r\n", "a\r\nc\r\n"},
		{"text, CRLF in index: converted", "* text", "false", "a\r\nb\r\n", "a\r\nc\r\n"},
		{"autocrlf, binary CRLF in index: converted", "", "input", "a\x00\r\n", "a\r\nc\r\n"},
		{"autocrlf, new file: converted", "", "true", "", "a\r\nc\r\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := fixtures.NewRepo(t, map[string]string{".gitattributes": tt.attrs + "\n"})
			if tt.indexed != "" {
				fixtures.WriteFiles(t, repo, map[string]string{"f.txt": tt.indexed})
				fixtures.Git(t, repo, "-c", "core.autocrlf=false", "-c", "core.attributesFile=/dev/null", "add", "--", "f.txt")
				fixtures.Git(t, repo, "-c", "core.autocrlf=false", "commit", "-q", "-m", "crlf")
			}
			var indexBlob plumbing.Hash
			if out := fixtures.Git(t, repo, "ls-files", "-s", "--", "f.txt"); out != "" {
				indexBlob = plumbing.NewHash(strings.Fields(out)[1])
			}
			fixtures.Git(t, repo, "config", "core.autocrlf", tt.autocrlf)
			fixtures.WriteFiles(t, repo, map[string]string{"f.txt": tt.content})
			r := openTest(t, repo, repo)
			data, err := r.ToGitForIndex("f.txt", []byte(tt.content), indexBlob)
			if err != nil {
				t.Fatal(err)
			}
			fixtures.Git(t, repo, "add", "--", "f.txt")
			want := strings.Fields(fixtures.Git(t, repo, "ls-files", "-s", "--", "f.txt"))[1]
			if got := plumbing.ComputeHash(plumbing.BlobObject, data).String(); got != want {
				t.Errorf("toGitForIndex blob %s (%q), git add staged %s", got, data, want)
			}
		})
	}
}

func TestGatherStatsCountsWhatGitsTextCheckCounts(t *testing.T) {
	tests := []struct {
		in     string
		want   textStats
		binary bool
	}{
		{"a\r\nb\n\r", textStats{crlf: 1, loneLF: 1, loneCR: 1, printable: 2}, true},
		{"\t\b\x1b\x0c", textStats{printable: 4}, false},
		{"\x00\x7f\x01", textStats{nul: 1, nonPrintable: 3}, true},
		{"x\x1a", textStats{printable: 1}, false},
	}
	for _, tt := range tests {
		if got := gatherStats([]byte(tt.in)); got != tt.want || got.isBinary() != tt.binary {
			t.Errorf("gatherStats(%q) = %+v binary %v; want %+v binary %v", tt.in, got, got.isBinary(), tt.want, tt.binary)
		}
	}
}

// BenchmarkHashFile times hashFile of a 100 kB CRLF file under
// core.autocrlf and two levels of .gitattributes.
func BenchmarkHashFile(b *testing.B) {
	repo := fixtures.NewRepo(b, map[string]string{".gitattributes": "*.go text\n*.png binary\n", "a/.gitattributes": "*.md -text\n"})
	r, err := OpenEnv(repo, testEnv(repo, countEnv([][2]string{{"core.autocrlf", "true"}})...))
	if err != nil {
		b.Fatal(err)
	}
	content := []byte(strings.Repeat("some line of code\r\n", 5000))
	b.SetBytes(int64(len(content)))
	b.ResetTimer()
	for range b.N {
		if _, err := r.HashFile("a/b/file.go", content); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOpen times opening a repository.
func BenchmarkOpen(b *testing.B) {
	repo := fixtures.NewRepo(b, map[string]string{"a/b.txt": "x\n"})
	env := testEnv(repo)
	for range b.N {
		if _, err := OpenEnv(filepath.Join(repo, "a"), env); err != nil {
			b.Fatal(err)
		}
	}
}

// TestHashFileConcurrent runs hashFile from several goroutines on one
// Repo (the attribute cache is shared); run it with -race.
func TestHashFileConcurrent(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{".gitattributes": "*.txt text\n", "a/.gitattributes": "*.txt -text\n"})
	r := openTest(t, repo, repo)
	want := []string{"", ""}
	for i, p := range []string{"x.txt", "a/x.txt"} {
		id, err := r.HashFile(p, []byte("a\r\n"))
		if err != nil {
			t.Fatal(err)
		}
		want[i] = id.String()
	}
	errs := make(chan error, 8)
	for g := range 8 {
		go func() {
			p := []string{"x.txt", "a/x.txt"}[g%2]
			id, err := r.HashFile(p, []byte("a\r\n"))
			if err == nil && id.String() != want[g%2] {
				err = fmt.Errorf("%s: %s, want %s", p, id, want[g%2])
			}
			errs <- err
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestByteClassesAreGitsGatherStats checks the literal table against
// git's rule (convert.c gather_stats): NUL, CR and LF apart, DEL and the
// control characters other than BS, HT, ESC and FF are non-printable,
// every other byte printable.
func TestByteClassesAreGitsGatherStats(t *testing.T) {
	for c := 0; c < 256; c++ {
		want := classPrintable
		switch {
		case c == 0:
			want = classNUL
		case c == '\r':
			want = classCR
		case c == '\n':
			want = classLF
		case c == 127 || c < 32 && c != '\b' && c != '\t' && c != 033 && c != 014:
			want = classNonPrintable
		}
		if byteClasses[c] != want {
			t.Errorf("byte %#x: class %d, want %d", c, byteClasses[c], want)
		}
	}
}
