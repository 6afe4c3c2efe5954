package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// language is one source tree of the corpus.
type language struct {
	name  string   // "go", "python", "c"
	ext   string   // file name suffix
	roots []string // candidate trees, the first that exists is used
	skip  []string // folder names not walked
}

// languages are the corpus's source trees: the Go toolchain's sources,
// the Python standard library and the C headers of the machine.
func languages(goRoot, pyRoot, cRoot string) []language {
	py := []string{pyRoot}
	if pyRoot == "" {
		py = []string{"/root/.pyenv/versions/3.11.7/lib/python3.11"}
		m, _ := filepath.Glob("/usr/lib/python3*")
		py = append(py, m...)
	}
	if cRoot == "" {
		cRoot = "/usr/include"
	}
	return []language{
		{name: "go", ext: ".go", roots: []string{goRoot}, skip: []string{"testdata", "vendor"}},
		{name: "python", ext: ".py", roots: py, skip: []string{"site-packages", "dist-packages", "__pycache__"}},
		{name: "c", ext: ".h", roots: []string{cRoot}},
	}
}

// defaultGoRoot is $(go env GOROOT)/src, or "" when go is not found.
func defaultGoRoot() string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return ""
	}
	return filepath.Join(strings.TrimSpace(string(out)), "src")
}

// corpus is the files of every language found, by language.
type corpus map[string][]srcFile

// loadCorpus reads every language's tree; a missing tree is reported on
// stderr and skipped, not an error.
func loadCorpus(langs []language) (corpus, []string, error) {
	c := corpus{}
	var used []string
	for _, l := range langs {
		root := firstDir(l.roots)
		if root == "" {
			fmt.Fprintf(os.Stderr, "accuracy: no %s sources (tried %s): its cases are skipped\n", l.name, strings.Join(l.roots, ", "))
			continue
		}
		files, err := loadFiles(root, l)
		if err != nil {
			return nil, nil, err
		}
		if len(files) == 0 {
			fmt.Fprintf(os.Stderr, "accuracy: no %s files under %s: its cases are skipped\n", l.ext, root)
			continue
		}
		c[l.name] = files
		used = append(used, fmt.Sprintf("%s: %d files under %s", l.name, len(files), root))
	}
	return c, used, nil
}

// firstDir returns the first of dirs that is a directory, or "".
func firstDir(dirs []string) string {
	for _, d := range dirs {
		if st, err := os.Stat(d); d != "" && err == nil && st.IsDir() {
			return d
		}
	}
	return ""
}

// loadFiles reads the files of l under root (in walk order, which is
// lexical: a deterministic corpus), 2 KB to 200 KB, valid text without
// carriage returns.
func loadFiles(root string, l language) ([]srcFile, error) {
	var files []srcFile
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable folder is skipped
		}
		if d.IsDir() && p != root && skipped(d.Name(), l.skip) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, l.ext) || !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil
		}
		if s := string(b); len(b) >= 2<<10 && len(b) <= 200<<10 && !strings.ContainsAny(s, "\r\x00") {
			files = append(files, srcFile{path: p, text: s, lang: l.name})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", root, err)
	}
	return files, nil
}

// skipped reports whether a folder name is one of skip (or hidden).
func skipped(name string, skip []string) bool {
	if strings.HasPrefix(name, ".") {
		return true
	}
	for _, s := range skip {
		if name == s {
			return true
		}
	}
	return false
}
