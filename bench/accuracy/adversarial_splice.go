package main

import "strings"

// splice is issue 23's trap for block_anchor: two blocks that start with
// the same line (in C headers, the continuation line that ends the
// declaration before each block), and an old_string made of the second
// block with one middle line taken, verbatim, from the first. One
// differing middle line is within block_anchor's tolerance, so without
// a rule against it the second block is edited; the right answer is a
// refusal. Drawn last, so that the other categories keep their cases.
var splice = category{name: "splice", refuse: true, langs: allLangs, perturb: perturbSplice}

func init() { categories = append(categories, splice) }

// perturbSplice finds, in the target's file, two disjoint windows of 4
// to 8 lines whose first lines are equal after trimming (a line of real
// content that occurs twice), and writes old_string as the second window
// with one middle line replaced by a middle line of the first, from any
// position; new_string keeps the first line alone (a deletion, the
// damage the trap did).
func perturbSplice(g *generator, t target) (testCase, bool) {
	lines := strings.Split(t.file.text, "\n")
	k := 4 + g.rng.IntN(5)
	b := g.rng.IntN(len(lines))
	key := strings.TrimSpace(lines[b])
	if len(key) < 8 || b+k > len(lines) {
		return testCase{}, false
	}
	var others []int
	for a, l := range lines {
		if abs(a-b) >= k && a+k <= len(lines) && strings.TrimSpace(l) == key {
			others = append(others, a)
		}
	}
	if len(others) == 0 {
		return testCase{}, false
	}
	a := others[g.rng.IntN(len(others))]
	old := append([]string(nil), lines[b:b+k]...)
	x, y := 1+g.rng.IntN(k-2), a+1+g.rng.IntN(k-2)
	borrowed := strings.TrimSpace(lines[y])
	if borrowed == "" || strings.TrimSpace(old[x]) == "" || strings.TrimSpace(old[k-1]) == "" || containsTrimmed(old, borrowed) {
		return testCase{}, false
	}
	old[x] = lines[y]
	if looseOccurs(lines, old) || len(strings.TrimSpace(strings.Join(old, "\n"))) < 30 {
		return testCase{}, false
	}
	return testCase{content: t.file.text, old: strings.Join(old, "\n"), new: old[0]}, true
}

// containsTrimmed reports whether a line of lines equals l after trimming.
func containsTrimmed(lines []string, l string) bool {
	for _, x := range lines {
		if strings.TrimSpace(x) == l {
			return true
		}
	}
	return false
}
