package main

import (
	"math/rand/v2"
	"strings"
)

// srcFile is one corpus file.
type srcFile struct{ path, text, lang string }

// testCase is one edit: content, the perturbed strings, and the content
// the intended edit produces (unused for refusal controls); hint is the
// 1-based line a not_found must name (hint categories); lang is the
// language of the file.
type testCase struct {
	content, old, new, want string
	alt                     string // another right result, when not empty
	hint                    int
	lang                    string
}

// target is a block of whole lines of a file, unique in it, and the
// intended replacement.
type target struct {
	file     srcFile
	lines    []string // the block's lines
	start    int      // byte offset of the block
	old, new string   // block text and its intended replacement
}

// category is a kind of perturbation; perturb returns false when the
// target does not suit it.
type category struct {
	name        string
	recoverable bool // counted in auto's recovery rate
	refuse      bool // the right answer is a refusal
	refuseOK    bool // a refusal is as right as the intended result
	hint        bool // the right answer is not_found naming testCase.hint
	// langs are the languages targets are drawn from (nil: Go only, the
	// original categories).
	langs   []string
	perturb func(g *generator, t target) (testCase, bool)
}

// allLangs draws targets from every language of the corpus.
var allLangs = []string{"go", "python", "c"}

// generator draws targets deterministically from the corpus.
type generator struct {
	rng    *rand.Rand
	corpus corpus
	langs  []string // the languages of the category being generated
}

// cases draws n suitable cases of category c (fewer if the corpus runs
// out of suitable targets after many tries).
func (g *generator) cases(c category, n int) []testCase {
	g.langs = nil
	for _, l := range c.langs {
		if len(g.corpus[l]) > 0 {
			g.langs = append(g.langs, l)
		}
	}
	if c.langs == nil && len(g.corpus["go"]) > 0 {
		g.langs = []string{"go"}
	}
	if len(g.langs) == 0 {
		return nil
	}
	var out []testCase
	for tries := 0; len(out) < n && tries < n*400; tries++ {
		t, ok := g.target()
		if !ok {
			continue
		}
		if cs, ok := c.perturb(g, t); ok && validCase(c, cs) {
			cs.lang = t.file.lang
			out = append(out, cs)
		}
	}
	return out
}

// file picks a file: a language of the category in turn, then a file.
func (g *generator) file() srcFile {
	fs := g.corpus[g.langs[g.rng.IntN(len(g.langs))]]
	return fs[g.rng.IntN(len(fs))]
}

// validCase drops cases the perturbation left exactly in the file (the
// category would test nothing) unless it is the exact control.
func validCase(c category, cs testCase) bool {
	if c.name == "exact" || c.name == "crlf" || c.name == "esc-new" {
		return true
	}
	return !strings.Contains(cs.content, cs.old)
}

// target picks a block of 3 to 10 lines that starts and ends with a
// non-blank line, has real content and occurs once in its file.
func (g *generator) target() (target, bool) {
	f := g.file()
	lines := strings.SplitAfter(f.text, "\n")
	k := 3 + g.rng.IntN(8)
	if len(lines) < k+2 {
		return target{}, false
	}
	i := 1 + g.rng.IntN(len(lines)-k-1)
	block := lines[i : i+k]
	for j := range block {
		block[j] = strings.TrimSuffix(block[j], "\n")
	}
	old := strings.Join(block, "\n")
	if strings.TrimSpace(block[0]) == "" || strings.TrimSpace(block[k-1]) == "" ||
		len(strings.TrimSpace(old)) < 30 || strings.Count(f.text, old) != 1 {
		return target{}, false
	}
	start := len(strings.Join(lines[:i], ""))
	return target{file: f, lines: block, start: start, old: old, new: intended(block)}, true
}

// intended is the edit an agent means: a line inserted after the first,
// indented like the second.
func intended(block []string) string {
	ws := leadingWS(block[1])
	if strings.TrimSpace(block[1]) == "" {
		ws = leadingWS(block[0])
	}
	ins := ws + `log.Printf("edited: %q\n", name)`
	return strings.Join(append([]string{block[0], ins}, block[1:]...), "\n")
}

// leadingWS returns the indentation of s.
func leadingWS(s string) string { return s[:len(s)-len(strings.TrimLeft(s, " \t"))] }

// wantOf is the content after the intended edit of t.
func wantOf(t target) string {
	return t.file.text[:t.start] + t.new + t.file.text[t.start+len(t.old):]
}

// simple builds a case where old and new are transformed by po and pn.
func simple(t target, po, pn func(string) string) testCase {
	return testCase{content: t.file.text, old: po(t.old), new: pn(t.new), want: wantOf(t)}
}

// mapLines applies f to every line of s.
func mapLines(s string, f func(string) string) string {
	ls := strings.Split(s, "\n")
	for i := range ls {
		ls[i] = f(ls[i])
	}
	return strings.Join(ls, "\n")
}

// same is the identity.
func same(s string) string { return s }
