// Command accuracy measures the tolerant match strategies on real source
// files: it takes edit targets from the Go toolchain's sources, perturbs
// old_string the ways agents get it wrong (one category each, plus
// controls), applies every strategy and auto through engine.ApplyEdit and
// prints how often each one is correct, refuses, or is wrong.
//
//	go run ./bench/accuracy [-n 200] [-seed 1] [-root DIR]
//
// correct: the file equals the intended edit (for the absent and
// ambiguous controls: the edit is refused). refused: an error, nothing
// applied. wrong: anything else — the figure that must stay 0.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	n := flag.Int("n", 200, "cases per category")
	seed := flag.Uint64("seed", 1, "generator seed")
	root := flag.String("root", "", "source tree (default: $(go env GOROOT)/src)")
	flag.Parse()
	if err := run(*n, *seed, *root); err != nil {
		fmt.Fprintln(os.Stderr, "accuracy:", err)
		os.Exit(1)
	}
}

// run generates the cases and prints the table.
func run(n int, seed uint64, root string) error {
	if root == "" {
		out, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			return fmt.Errorf("go env GOROOT: %w", err)
		}
		root = filepath.Join(strings.TrimSpace(string(out)), "src")
	}
	files, err := loadFiles(root)
	if err != nil {
		return err
	}
	g := &generator{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), files: files}
	t := newTable()
	for _, c := range categories {
		for _, cs := range g.cases(c, n) {
			t.score(c, cs)
		}
	}
	t.print(os.Stdout, len(files), root, seed)
	return nil
}

// loadFiles reads the .go files under root (sorted, testdata skipped,
// 2 KB to 200 KB) — a deterministic corpus.
func loadFiles(root string) ([]srcFile, error) {
	var files []srcFile
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "vendor") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("read %s: %w", p, err)
		}
		if len(b) >= 2<<10 && len(b) <= 200<<10 && !strings.Contains(string(b), "\r") {
			files = append(files, srcFile{path: p, text: string(b)})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", root, err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no Go files under %s", root)
	}
	return files, nil
}
