package engine

import (
	"strings"
	"unicode/utf8"
)

// styleMap records, for each unit of old_string written differently in
// the file (a typographic rune or its ASCII form), the file's forms.
type styleMap map[string]map[string]bool

// add records that old unit o is written f in the file.
func (m styleMap) add(o, f string) {
	if m[o] == nil {
		m[o] = map[string]bool{}
	}
	m[o][f] = true
}

// typographyPairs walks old and the region it matched (equal once
// normalised) unit by unit and records how each typographic unit of one
// is written in the other.
func typographyPairs(old, region string) styleMap {
	m := styleMap{}
	for len(old) > 0 && len(region) > 0 {
		or, osz := utf8.DecodeRuneInString(old)
		fr, fsz := utf8.DecodeRuneInString(region)
		on, fn := normRune(or), normRune(fr)
		switch {
		case on == fn:
			if typographic[or] != "" || typographic[fr] != "" || (len(on) == 1 && strings.Contains(`'"- `, on)) {
				m.add(old[:osz], region[:fsz])
			}
			old, region = old[osz:], region[fsz:]
		case len(on) > len(fn) && strings.HasPrefix(region, on):
			m.add(old[:osz], on)
			old, region = old[osz:], region[len(on):]
		case len(fn) > len(on) && strings.HasPrefix(old, fn):
			m.add(fn, region[:fsz])
			old, region = old[len(fn):], region[fsz:]
		default:
			return nil
		}
	}
	return m
}

// typographyAdapter returns the Adapt that writes new_string's
// typographic units the way the file wrote old's, where that is
// unambiguous; nil when old and the region are written alike.
func typographyAdapter(old, region string) func(string) string {
	if f := plainTypography(old, region); f != nil {
		return f
	}
	m := typographyPairs(old, region)
	rules := map[string]func(prev rune) string{}
	for o, fs := range m {
		if r := styleRule(o, fs); r != nil {
			rules[o] = r
		}
	}
	if len(rules) == 0 {
		return nil
	}
	return func(s string) string { return applyStyle(s, rules) }
}

// styleRule returns how to write old unit o given the file's forms fs: the
// one form when there is one (and it differs), curly quotes by position
// when the forms are exactly the opening and closing quote. nil keeps o.
func styleRule(o string, fs map[string]bool) func(prev rune) string {
	if len(fs) == 1 {
		for f := range fs {
			if f != o {
				return func(rune) string { return f }
			}
		}
		return nil
	}
	pairs := map[string][2]string{`"`: {"\u201C", "\u201D"}, "'": {"\u2018", "\u2019"}}
	p, ok := pairs[o]
	if len(fs) != 2 || !ok || !fs[p[0]] || !fs[p[1]] {
		return nil
	}
	return func(prev rune) string {
		if opensQuote(prev) {
			return p[0]
		}
		return p[1]
	}
}

// opensQuote reports whether a quote after prev opens (start of text,
// after whitespace or an opening bracket).
func opensQuote(prev rune) bool {
	return prev == 0 || strings.ContainsRune(" \t\n([{<", prev)
}

// applyStyle rewrites the units of s that rules name ("..." included).
func applyStyle(s string, rules map[string]func(prev rune) string) string {
	var b strings.Builder
	prev := rune(0)
	for i := 0; i < len(s); {
		if r, ok := rules["..."]; ok && strings.HasPrefix(s[i:], "...") {
			b.WriteString(r(prev))
			i, prev = i+3, '.'
			continue
		}
		c, sz := utf8.DecodeRuneInString(s[i:])
		if r, ok := rules[s[i:i+sz]]; ok {
			b.WriteString(r(prev))
		} else {
			b.WriteRune(c)
		}
		i, prev = i+sz, c
	}
	return b.String()
}

// plainTypography returns, when old holds typographic characters and the
// region it matched holds none, the Adapt that writes every typographic
// character of new_string in ASCII: the file evidently does not use them,
// so they are artifacts of how old and new were written. nil otherwise.
func plainTypography(old, region string) func(string) string {
	if !hasTypography(old) || hasTypography(region) {
		return nil
	}
	return func(s string) string { return normalizeTypography(s).text }
}

// compose returns the Adapt applying f then g (either may be nil).
func compose(f, g func(string) string) func(string) string {
	switch {
	case f == nil:
		return g
	case g == nil:
		return f
	}
	return func(s string) string { return g(f(s)) }
}
