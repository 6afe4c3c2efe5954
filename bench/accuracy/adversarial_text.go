package main

import (
	"strings"
)

// escapeTarget reports whether a target holds a backslash: escapes of
// the file's own, which an extra level of escaping doubles.
func escapeTarget(t target) bool { return strings.Contains(t.old, `\`) }

// escapers are the two ways a string gets one level of escaping too
// many: JSON encoded twice (backslashes, quotes, tabs and line feeds
// escaped), or only its backslashes doubled.
var escapers = []func(string) string{escape, doubleBackslashes}

// doubleBackslashes writes every backslash twice.
func doubleBackslashes(s string) string { return strings.ReplaceAll(s, `\`, `\\`) }

// underEscape removes one level of escaping (\\ \n \t \" \'), as an
// agent does that writes a file's escapes as the characters they stand
// for.
func underEscape(s string) string {
	return strings.NewReplacer(`\\`, `\`, `\n`, "\n", `\t`, "\t", `\"`, `"`, `\'`, "'").Replace(s)
}

// perturbEscOld over-escapes old_string only: new_string is written at
// the file's level, with escapes of its own (the intended line holds a
// quoted "%q\n"). The engine must not decode new_string.
func perturbEscOld(g *generator, t target) (testCase, bool) {
	f := escapers[g.rng.IntN(len(escapers))]
	return testCase{content: t.file.text, old: f(t.old), new: t.new, want: wantOf(t)}, escapeTarget(t)
}

// perturbEscBoth over-escapes both strings, on targets with escapes of
// their own.
func perturbEscBoth(g *generator, t target) (testCase, bool) {
	f := escapers[g.rng.IntN(len(escapers))]
	return simple(t, f, f), escapeTarget(t)
}

// perturbEscNew over-escapes new_string only: old_string matches exactly,
// so new_string is written as given (or the edit refused), never decoded.
// trimmed_boundary, which matches old without its indentation, keeps the
// file's indentation before new_string (alt).
func perturbEscNew(g *generator, t target) (testCase, bool) {
	f := escapers[g.rng.IntN(len(escapers))]
	n := f(t.new)
	want := t.file.text[:t.start] + n + t.file.text[t.start+len(t.old):]
	lead := len(leadingWS(t.old))
	alt := t.file.text[:t.start+lead] + n + t.file.text[t.start+len(t.old):]
	return testCase{content: t.file.text, old: t.old, new: n, want: want, alt: alt}, escapeTarget(t)
}

// perturbEscUnder under-escapes both strings (the file's \n written as a
// line break, \" as a quote...): the edit must be refused or land as
// intended, never write the under-escaped text.
func perturbEscUnder(g *generator, t target) (testCase, bool) {
	o := underEscape(t.old)
	// The under-escaping must fall inside the block: a \t turned into a
	// tab at its very start is only whitespace trimmed_boundary drops.
	inside := !strings.Contains(t.file.text, strings.TrimSpace(o))
	return testCase{content: t.file.text, old: o, new: underEscape(t.new), want: wantOf(t)}, escapeTarget(t) && inside
}

// idents returns the identifiers of four letters or more in text.
func idents(line string) []string {
	var out []string
	for _, w := range identifiers(line) {
		out = append(out, line[w[0]:w[1]])
	}
	return out
}

// perturbHint changes one word of one line of the file (a typo, or
// another identifier of the file) and writes it as a one-line
// old_string, with or without its indentation: not_found must name that
// line. Lines with escapes, quotes and brackets are as likely as any.
func perturbHint(g *generator, t target) (testCase, bool) {
	lines := strings.Split(t.file.text, "\n")
	n := g.rng.IntN(len(lines))
	line := lines[n]
	trimmed := strings.TrimSpace(line)
	if len(trimmed) < 20 || len(idents(line)) < 2 || strings.Count(t.file.text, trimmed) != 1 {
		return testCase{}, false
	}
	var changed string
	if g.rng.IntN(2) == 0 {
		l, ok := typo(g, line)
		if !ok {
			return testCase{}, false
		}
		changed = l
	} else {
		ws := idents(line)
		w := ws[g.rng.IntN(len(ws))]
		other := idents(lines[g.rng.IntN(len(lines))])
		if len(other) == 0 || other[0] == w {
			return testCase{}, false
		}
		changed = strings.Replace(line, w, other[0], 1)
	}
	if g.rng.IntN(2) == 0 {
		changed = strings.TrimSpace(changed)
	}
	if looseOccurs(lines, []string{changed}) {
		return testCase{}, false // the changed line is a line of the file up to whitespace
	}
	return testCase{content: t.file.text, old: changed, new: "x", hint: n + 1}, true
}
