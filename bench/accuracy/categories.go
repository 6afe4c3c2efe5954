package main

import (
	"strings"
	"unicode"
)

// categories are the rows of the table, in order.
var categories = []category{
	{name: "exact", perturb: func(g *generator, t target) (testCase, bool) { return simple(t, same, same), true }},
	{name: "indent", recoverable: true, perturb: perturbIndent(false)},
	{name: "indent+new", recoverable: true, perturb: perturbIndent(true)},
	{name: "tabs→spaces", recoverable: true, perturb: perturbTabs},
	{name: "trailing-ws", recoverable: true, perturb: perturbTrailing},
	{name: "crlf", recoverable: true, perturb: perturbCRLF},
	{name: "escapes", recoverable: true, perturb: func(g *generator, t target) (testCase, bool) {
		return simple(t, escape, escape), true
	}},
	{name: "unicode", recoverable: true, perturb: perturbUnicode},
	{name: "middle-line", recoverable: true, perturb: perturbMiddle},
	{name: "blank-lines", recoverable: true, perturb: perturbBlank},
	{name: "absent", refuse: true, perturb: perturbAbsent},
	{name: "ambiguous", refuse: true, perturb: perturbAmbiguous},
}

// perturbIndent shifts every line of old (and of new, when withNew) by one
// tab, in or out at random.
func perturbIndent(withNew bool) func(g *generator, t target) (testCase, bool) {
	return func(g *generator, t target) (testCase, bool) {
		shift := func(s string) string {
			return mapLines(s, func(l string) string {
				if strings.TrimSpace(l) == "" {
					return l
				}
				return "\t" + l
			})
		}
		if g.rng.IntN(2) == 0 && allIndented(t.old) {
			shift = func(s string) string {
				return mapLines(s, func(l string) string { return strings.TrimPrefix(l, "\t") })
			}
		}
		pn := same
		if withNew {
			pn = shift
		}
		return simple(t, shift, pn), true
	}
}

// allIndented reports whether every non-blank line starts with a tab.
func allIndented(s string) bool {
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" && !strings.HasPrefix(l, "\t") {
			return false
		}
	}
	return true
}

// perturbTabs writes the indentation of old and new with four spaces per
// tab.
func perturbTabs(g *generator, t target) (testCase, bool) {
	conv := func(s string) string {
		return mapLines(s, func(l string) string {
			ws := leadingWS(l)
			return strings.ReplaceAll(ws, "\t", "    ") + l[len(ws):]
		})
	}
	return simple(t, conv, conv), strings.Contains(t.old, "\n\t")
}

// perturbTrailing adds trailing spaces to some non-blank lines of old, and
// to the same lines where new repeats them.
func perturbTrailing(g *generator, t target) (testCase, bool) {
	picked := map[string]bool{}
	for _, l := range t.lines {
		if strings.TrimSpace(l) != "" && g.rng.IntN(2) == 0 {
			picked[l] = true
		}
	}
	if len(picked) == 0 {
		picked[t.lines[0]] = true
	}
	add := func(s string) string {
		return mapLines(s, func(l string) string {
			if picked[l] {
				return l + "  "
			}
			return l
		})
	}
	return simple(t, add, add), true
}

// perturbCRLF gives the file CRLF line endings; old and new stay LF.
func perturbCRLF(g *generator, t target) (testCase, bool) {
	crlf := func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
	return testCase{content: crlf(t.file.text), old: t.old, new: t.new, want: crlf(wantOf(t))}, true
}

// escape writes s with one more level of escaping (backslash, quote, tab,
// line feed), as a doubly encoded tool call does.
func escape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\t", `\t`, "\n", `\n`).Replace(s)
}

// perturbUnicode turns the ASCII quotes of old and new typographic.
// Targets that already hold typographic quotes are skipped: there the
// file's style for new quotes is genuinely ambiguous.
func perturbUnicode(g *generator, t target) (testCase, bool) {
	plain := !strings.ContainsAny(t.old, "“”‘’")
	return simple(t, smarten, smarten), plain && strings.ContainsAny(t.old, `"'`)
}

// smarten writes double quotes as “ ” and single quotes as ‘ ’ by position.
func smarten(s string) string {
	var b strings.Builder
	prev := ' '
	for _, r := range s {
		open := unicode.IsSpace(prev) || strings.ContainsRune("([{", prev)
		switch {
		case r == '"' && open:
			b.WriteRune('“')
		case r == '"':
			b.WriteRune('”')
		case r == '\'' && open:
			b.WriteRune('‘')
		case r == '\'':
			b.WriteRune('’')
		default:
			b.WriteRune(r)
		}
		prev = r
	}
	return b.String()
}

// perturbMiddle misremembers one identifier of one middle line (two
// letters swapped, or an extra letter).
func perturbMiddle(g *generator, t target) (testCase, bool) {
	k := len(t.lines)
	if k < 4 {
		return testCase{}, false
	}
	j := 1 + g.rng.IntN(k-2)
	line, ok := typo(g, t.lines[j])
	if !ok {
		return testCase{}, false
	}
	lines := append([]string(nil), t.lines...)
	lines[j] = line
	return testCase{content: t.file.text, old: strings.Join(lines, "\n"), new: t.new, want: wantOf(t)}, true
}

// typo alters one identifier of at least four letters in line.
func typo(g *generator, line string) (string, bool) {
	words := identifiers(line)
	if len(words) == 0 {
		return "", false
	}
	w := words[g.rng.IntN(len(words))]
	s := line[w[0]:w[1]]
	alt := s[:1] + s[2:3] + s[1:2] + s[3:]
	if alt == s {
		alt = s + "s"
	}
	return line[:w[0]] + alt + line[w[1]:], true
}

// identifiers returns the byte ranges of the identifiers of four letters
// or more in line.
func identifiers(line string) [][2]int {
	var out [][2]int
	start := -1
	for i := 0; i <= len(line); i++ {
		word := i < len(line) && (line[i] == '_' || line[i] < 128 && (unicode.IsLetter(rune(line[i])) || unicode.IsDigit(rune(line[i]))))
		switch {
		case word && start < 0:
			start = i
		case !word && start >= 0:
			if i-start >= 4 {
				out = append(out, [2]int{start, i})
			}
			start = -1
		}
	}
	return out
}

// perturbBlank gives old and new surrounding blank lines the file lacks
// around the target.
func perturbBlank(g *generator, t target) (testCase, bool) {
	before := strings.HasSuffix(t.file.text[:t.start], "\n\n")
	after := strings.HasPrefix(t.file.text[t.start+len(t.old):], "\n\n")
	wrap := func(s string) string { return "\n\n" + s + "\n\n" }
	return simple(t, wrap, wrap), !before && !after
}

// perturbAbsent takes old from another file: a block whose longest line
// does not occur in the target file.
func perturbAbsent(g *generator, t target) (testCase, bool) {
	o, ok := g.target()
	if !ok || o.file.path == t.file.path {
		return testCase{}, false
	}
	longest := ""
	for _, l := range o.lines {
		if s := strings.TrimSpace(l); len(s) > len(longest) {
			longest = s
		}
	}
	if strings.Contains(t.file.text, longest) {
		return testCase{}, false
	}
	return testCase{content: t.file.text, old: o.old, new: o.new}, true
}

// perturbAmbiguous finds, in the target's file, a block of 2 to 4 indented
// lines that occurs at least twice up to whitespace, and writes it with
// spaces for tabs: every instance is then equally close.
func perturbAmbiguous(g *generator, t target) (testCase, bool) {
	lines := strings.Split(t.file.text, "\n")
	k := 2 + g.rng.IntN(3)
	seen := map[string]int{}
	var dup []int
	for i := 0; i+k <= len(lines); i++ {
		key, ok := trimmedKey(lines[i : i+k])
		if !ok {
			continue
		}
		if n := seen[key]; n == 1 {
			dup = append(dup, i)
		}
		seen[key]++
	}
	if len(dup) == 0 {
		return testCase{}, false
	}
	i := dup[g.rng.IntN(len(dup))]
	old := strings.Join(lines[i:i+k], "\n")
	conv := mapLines(old, func(l string) string {
		ws := leadingWS(l)
		return strings.ReplaceAll(ws, "\t", "    ") + l[len(ws):]
	})
	return testCase{content: t.file.text, old: conv, new: conv + "\n// edited"}, conv != old
}

// trimmedKey joins the trimmed lines; false unless every line is indented
// and has real content.
func trimmedKey(lines []string) (string, bool) {
	var b strings.Builder
	for _, l := range lines {
		s := strings.TrimSpace(l)
		if len(s) < 4 || !strings.HasPrefix(l, "\t") {
			return "", false
		}
		b.WriteString(s)
		b.WriteByte('\n')
	}
	return b.String(), true
}
