package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/gitedit/gitedit/fixtures/patchfuzz"
)

// columns are the outcomes, in the order of the tables.
var columns = []string{
	patchfuzz.AgreeApplied, patchfuzz.AgreeRefused, patchfuzz.WeAppliedGitRefused,
	patchfuzz.WeRefusedGitApplied, patchfuzz.Differ, patchfuzz.RefusalChanged, patchfuzz.Crash,
}

// tally counts outcomes per repository and per mutation.
type tally struct {
	mu             sync.Mutex
	byRepo, byKind map[string]map[string]int
	skipped        map[string]int
	// classes counts the disagreements by known class (Class).
	classes map[string]int
	// examples are the first unclassified disagreements' messages per
	// outcome.
	examples map[string][]string
	n        int
}

// newTally returns an empty tally.
func newTally() *tally {
	return &tally{byRepo: map[string]map[string]int{}, byKind: map[string]map[string]int{}, skipped: map[string]int{}, classes: map[string]int{}, examples: map[string][]string{}}
}

// add counts one outcome.
func (t *tally) add(repo, kind string, o patchfuzz.Outcome) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, m := range []struct {
		tab map[string]map[string]int
		key string
	}{{t.byRepo, repo}, {t.byKind, kind}} {
		if m.tab[m.key] == nil {
			m.tab[m.key] = map[string]int{}
		}
		m.tab[m.key][o.Kind]++
	}
	t.n++
	if o.Kind != patchfuzz.AgreeApplied && o.Kind != patchfuzz.AgreeRefused {
		c, documented := patchfuzz.Class(kind, o)
		switch {
		case c == "":
			c = "unclassified: " + o.Kind + " after " + kind
		case documented:
			c = "deliberate: " + c
		}
		t.classes[c]++
		if !strings.HasPrefix(c, "unclassified") {
			return
		}
	}
	if o.Kind != patchfuzz.AgreeApplied && o.Kind != patchfuzz.AgreeRefused && len(t.examples[o.Kind]) < 8 {
		t.examples[o.Kind] = append(t.examples[o.Kind], fmt.Sprintf("%s %s: git: %s | gitedit: %s %s", repo, kind, firstLine(o.Git), o.Code, firstLine(o.Ours)))
	}
}

// skip counts a commit not used.
func (t *tally) skip(repo string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.skipped[repo]++
}

// total is the number of patches run.
func (t *tally) total() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.n
}

// print writes both tables and the first examples of each disagreement.
func (t *tally) print(w io.Writer) {
	fmt.Fprintf(w, "%d patches (unmutated ones included)\n\n", t.n)
	table(w, "repository", t.byRepo)
	for _, r := range slices.Sorted(maps.Keys(t.skipped)) {
		fmt.Fprintf(w, "%s: %d commits skipped (root, merge, submodule or over 256 KB)\n", r, t.skipped[r])
	}
	fmt.Fprintln(w)
	table(w, "mutation", t.byKind)
	fmt.Fprintln(w, "\n| class of disagreement | patches |\n| --- | --- |")
	for _, c := range slices.Sorted(maps.Keys(t.classes)) {
		fmt.Fprintf(w, "| %s | %d |\n", c, t.classes[c])
	}
	fmt.Fprintln(w)
	for _, c := range columns[2:] {
		for _, e := range t.examples[c] {
			fmt.Fprintf(w, "%s: %s\n", c, e)
		}
	}
}

// table writes one markdown table of counts, with a total row.
func table(w io.Writer, first string, rows map[string]map[string]int) {
	fmt.Fprintf(w, "| %s | total", first)
	for _, c := range columns {
		fmt.Fprintf(w, " | %s", c)
	}
	fmt.Fprint(w, " |\n| ---")
	for range len(columns) + 1 {
		fmt.Fprint(w, " | ---")
	}
	fmt.Fprintln(w, " |")
	sum := map[string]int{}
	for _, k := range slices.Sorted(maps.Keys(rows)) {
		row(w, k, rows[k])
		for c, n := range rows[k] {
			sum[c] += n
		}
	}
	row(w, "all", sum)
}

// row writes one table row.
func row(w io.Writer, name string, counts map[string]int) {
	total := 0
	for _, n := range counts {
		total += n
	}
	fmt.Fprintf(w, "| %s | %d", name, total)
	for _, c := range columns {
		fmt.Fprintf(w, " | %d", counts[c])
	}
	fmt.Fprintln(w, " |")
}
