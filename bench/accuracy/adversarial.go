package main

import (
	"strings"
)

// adversarial are the categories built to trap a matcher: each one
// exploits a rule of the engine (what its strategies compare, how it
// judges uniqueness, how it carries new_string into the file's style),
// on targets of every language of the corpus.
var adversarial = []category{
	{name: "hybrid", refuse: true, langs: allLangs, perturb: perturbHybrid},
	{name: "decoy", recoverable: true, langs: allLangs, perturb: perturbDecoy},
	{name: "esc-old", recoverable: true, langs: allLangs, perturb: perturbEscOld},
	{name: "esc-both", recoverable: true, langs: allLangs, perturb: perturbEscBoth},
	{name: "esc-new", refuseOK: true, langs: allLangs, perturb: perturbEscNew},
	{name: "esc-under", refuseOK: true, langs: allLangs, perturb: perturbEscUnder},
	{name: "tabs-align", recoverable: true, langs: allLangs, perturb: perturbTabsAlign},
	{name: "hint", hint: true, langs: allLangs, perturb: perturbHint},
}

func init() { categories = append(categories, adversarial...) }

// pair is two disjoint windows of k lines of one file (a and b are their
// first lines, 0-based) that agree, after trimming, on at least half of
// their lines and differ on the others.
type pair struct {
	lines  []string
	a, b   int
	k      int
	differ []int // positions where the windows differ
}

// similarPair finds, around the target's file, two similar windows: a
// line of real content that occurs twice anchors them, at a random
// offset. b's window occurs once in the file.
func similarPair(g *generator, f srcFile, minDiffer int) (pair, bool) {
	lines := strings.Split(f.text, "\n")
	i := g.rng.IntN(len(lines))
	key := strings.TrimSpace(lines[i])
	if len(key) < 8 {
		return pair{}, false
	}
	var others []int
	for j, l := range lines {
		if j != i && strings.TrimSpace(l) == key {
			others = append(others, j)
		}
	}
	if len(others) == 0 {
		return pair{}, false
	}
	j := others[g.rng.IntN(len(others))]
	p := pair{lines: lines, k: 3 + g.rng.IntN(6)}
	o := g.rng.IntN(p.k)
	p.a, p.b = i-o, j-o
	if g.rng.IntN(2) == 0 {
		p.a, p.b = p.b, p.a
	}
	return p, p.valid(f, minDiffer)
}

// valid checks the pair's windows: inside the file, disjoint, first and
// last lines not blank, agreeing on half their non-blank lines or more,
// differing on at least minDiffer non-blank lines, b's window unique.
func (p *pair) valid(f srcFile, minDiffer int) bool {
	if min(p.a, p.b) < 0 || max(p.a, p.b)+p.k > len(p.lines) || abs(p.a-p.b) < p.k {
		return false
	}
	same, content := 0, 0
	for x := 0; x < p.k; x++ {
		la, lb := strings.TrimSpace(p.lines[p.a+x]), strings.TrimSpace(p.lines[p.b+x])
		if la != "" || lb != "" {
			content++
		}
		switch {
		case la == lb && la != "":
			same++
		case la != "" && lb != "":
			p.differ = append(p.differ, x)
		}
	}
	ends := []string{p.lines[p.a], p.lines[p.b], p.lines[p.a+p.k-1], p.lines[p.b+p.k-1]}
	for _, e := range ends {
		if strings.TrimSpace(e) == "" {
			return false
		}
	}
	block := strings.Join(p.lines[p.b:p.b+p.k], "\n")
	return 2*same >= content && len(p.differ) >= minDiffer && len(strings.TrimSpace(block)) >= 30 &&
		strings.Count(f.text, block) == 1
}

// window returns a copy of the k lines at first.
func (p pair) window(first int) []string { return append([]string(nil), p.lines[first:first+p.k]...) }

// blockOffset is the byte offset of line n.
func (p pair) blockOffset(n int) int { return len(strings.Join(p.lines[:n], "\n")) + min(n, 1) }

// abs is |x|.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// perturbHybrid writes old_string as window b with one or two of the
// lines where the windows differ taken from window a: a hybrid that no
// region explains, which must be refused. Variants a hostile reader of
// the engine would try: the whole block re-indented (so that only the
// tolerant strategies see it), the borrowed line with its inner
// whitespace changed (the engine compares trimmed lines), the borrowed
// line misremembered as well.
func perturbHybrid(g *generator, t target) (testCase, bool) {
	p, ok := similarPair(g, t.file, 2)
	if !ok {
		return testCase{}, false
	}
	old := p.window(p.b)
	borrow := p.differ[g.rng.IntN(len(p.differ))]
	old[borrow] = p.lines[p.a+borrow]
	if len(p.differ) >= 3 && g.rng.IntN(2) == 0 {
		x := p.differ[(indexOf(p.differ, borrow)+1)%len(p.differ)]
		old[x] = p.lines[p.a+x]
	}
	if looseOccurs(p.lines, old) {
		return testCase{}, false // a third region has these lines: a legitimate match
	}
	switch g.rng.IntN(4) {
	case 1:
		old = shiftLines(old)
	case 2:
		old[borrow] = widenSpace(old[borrow])
	case 3:
		if l, ok := typo(g, old[borrow]); ok {
			old[borrow] = l
		}
	}
	if looseOccurs(p.lines, old) {
		return testCase{}, false
	}
	o := strings.Join(old, "\n")
	return testCase{content: t.file.text, old: o, new: intended(old)}, true
}

// perturbDecoy writes old_string as window b with one middle line
// misremembered (a typo: what block_anchor and context_aware recover), in
// the presence of the similar window a: the edit must land on b. The
// typo falls on any middle line, one where the windows differ included;
// half the cases are re-indented too.
func perturbDecoy(g *generator, t target) (testCase, bool) {
	p, ok := similarPair(g, t.file, 1)
	if !ok || p.k < 4 {
		return testCase{}, false
	}
	b := p.window(p.b)
	old := append([]string(nil), b...)
	x := 1 + g.rng.IntN(p.k-2)
	l, ok := typo(g, old[x])
	if !ok {
		return testCase{}, false
	}
	old[x] = l
	start := p.blockOffset(p.b)
	blockText := strings.Join(b, "\n")
	newText := intended(b)
	want := t.file.text[:start] + newText + t.file.text[start+len(blockText):]
	newLines := strings.Split(newText, "\n")
	if g.rng.IntN(2) == 0 {
		old, newLines = shiftLines(old), shiftLines(newLines)
	}
	return testCase{content: t.file.text, old: strings.Join(old, "\n"), new: strings.Join(newLines, "\n"), want: want}, true
}

// shiftLines indents every non-blank line of lines one more level, in
// the block's style (four spaces when a line starts with a space and none
// with a tab, else a tab).
func shiftLines(lines []string) []string {
	unit := "\t"
	if s := strings.Join(lines, "\n"); (strings.HasPrefix(s, " ") || strings.Contains(s, "\n ")) &&
		!strings.HasPrefix(s, "\t") && !strings.Contains(s, "\n\t") {
		unit = "    "
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l
		if strings.TrimSpace(l) != "" {
			out[i] = unit + l
		}
	}
	return out
}

// widenSpace doubles the first inner space of a line.
func widenSpace(l string) string {
	ws := leadingWS(l)
	if i := strings.IndexByte(l[len(ws):], ' '); i >= 0 {
		return l[:len(ws)+i] + " " + l[len(ws)+i:]
	}
	return l
}

// indexOf is the index of v in s, or -1.
func indexOf(s []int, v int) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

// looseOccurs reports whether block occurs in lines up to whitespace
// (then it is a legitimate match).
func looseOccurs(lines, block []string) bool {
	for i := 0; i+len(block) <= len(lines); i++ {
		all := true
		for j := range block {
			if strings.Join(strings.Fields(lines[i+j]), " ") != strings.Join(strings.Fields(block[j]), " ") {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}
