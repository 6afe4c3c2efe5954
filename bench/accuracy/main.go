// Command accuracy measures the tolerant match strategies on real source
// files: it takes edit targets from the Go toolchain's sources, the Python
// standard library and the C headers of the machine, perturbs old_string
// (and new_string) the ways agents get them wrong, one category each, plus
// adversarial categories built to trap a matcher (hybrids of two similar
// blocks, splices of two blocks that start alike, escape asymmetry, tabs
// against spaces with aligned continuation lines, near-miss lines for
// not_found hints) and controls; it applies
// every strategy and auto through engine.ApplyEdit and prints how often
// each one is correct, refuses, or is wrong.
//
//	go run ./bench/accuracy [-n 200] [-seed 1] [-go DIR] [-py DIR] [-c DIR]
//
// correct: the file equals the intended edit (for the categories whose
// right answer is a refusal: the edit is refused; for hints: not_found
// names the intended line). refused: an error, nothing applied. wrong:
// anything else — the figure that must stay 0. A source tree that is
// missing is reported and its cases skipped.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
)

func main() {
	n := flag.Int("n", 200, "cases per category")
	seed := flag.Uint64("seed", 1, "generator seed")
	goRoot := flag.String("go", "", "Go source tree (default: $(go env GOROOT)/src)")
	pyRoot := flag.String("py", "", "Python library (default: the pyenv 3.11.7 or /usr/lib/python3* library)")
	cRoot := flag.String("c", "", "C headers (default: /usr/include)")
	flag.Parse()
	if *goRoot == "" {
		*goRoot = defaultGoRoot()
	}
	if err := run(*n, *seed, languages(*goRoot, *pyRoot, *cRoot)); err != nil {
		fmt.Fprintln(os.Stderr, "accuracy:", err)
		os.Exit(1)
	}
}

// run generates the cases and prints the table.
func run(n int, seed uint64, langs []language) error {
	c, used, err := loadCorpus(langs)
	if err != nil {
		return err
	}
	if len(c) == 0 {
		fmt.Fprintln(os.Stderr, "accuracy: no source tree found; nothing to measure")
		return nil
	}
	g := &generator{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), corpus: c}
	t := newTable()
	for _, cat := range categories {
		for _, cs := range g.cases(cat, n) {
			t.score(cat, cs)
		}
	}
	t.print(os.Stdout, used, seed)
	return nil
}
