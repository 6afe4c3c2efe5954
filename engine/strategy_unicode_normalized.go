package engine

import (
	"sort"
	"strings"
	"unicode/utf8"
)

func init() { register(unicodeNormalizedStrategy{}) }

// unicodeNormalizedStrategy is UnicodeNormalized: old_string equals the
// region once typographic quotes, dashes, the ellipsis and non-breaking or
// typographic spaces are read as their ASCII forms, on both sides. Adapt
// writes new_string's such characters in the file's style when old's map
// to the file's one way (curly double or single quotes by position when
// the file uses both the opening and the closing form).
type unicodeNormalizedStrategy struct{}

// Mode returns UnicodeNormalized.
func (unicodeNormalizedStrategy) Mode() MatchMode { return UnicodeNormalized }

// typographic maps each typographic rune to the ASCII it stands for.
var typographic = map[rune]string{
	'\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'",
	'\u201C': `"`, '\u201D': `"`, '\u201E': `"`, '\u201F': `"`, '\u2033': `"`,
	'\u2010': "-", '\u2011': "-", '\u2012': "-", '\u2013': "-", '\u2014': "-", '\u2015': "-", '\u2212': "-",
	'\u2026': "...",
	'\u00A0': " ", '\u2002': " ", '\u2003': " ", '\u2004': " ", '\u2005': " ", '\u2006': " ",
	'\u2007': " ", '\u2008': " ", '\u2009': " ", '\u200A': " ", '\u202F': " ", '\u205F': " ", '\u3000': " ",
}

// FoldTypography returns s with its typographic quotes, primes, dashes,
// ellipses and unusual spaces read as their ASCII forms: the one table
// UnicodeNormalized matching and the apply_patch chunk search share.
func FoldTypography(s string) string { return normalizeTypography(s).text }

// normRune returns the ASCII form of r, or r itself.
func normRune(r rune) string {
	if s, ok := typographic[r]; ok {
		return s
	}
	return string(r)
}

// expansion records one typographic rune of the text: at normalised
// offset n it stands for nLen ASCII bytes, at raw offset o it takes oLen.
type expansion struct{ n, nLen, o, oLen int }

// normalized is text with its typographic runes replaced, and the means
// to map offsets back.
type normalized struct {
	text string
	exps []expansion
}

// normalizeTypography replaces the typographic runes of s. It returns s
// itself, without allocation, when s holds none; otherwise it copies the
// runs between such runes in bulk.
func normalizeTypography(s string) normalized {
	if !hasTypography(s) {
		return normalized{text: s}
	}
	var b strings.Builder
	b.Grow(len(s))
	var exps []expansion
	last := 0
	for i := 0; i < len(s); {
		if c := s[i]; c != 0xC2 && c != 0xE2 && c != 0xE3 {
			i++
			continue
		}
		r, sz := utf8.DecodeRuneInString(s[i:])
		a, ok := typographic[r]
		if ok {
			b.WriteString(s[last:i])
			exps = append(exps, expansion{n: b.Len(), nLen: len(a), o: i, oLen: sz})
			b.WriteString(a)
			last = i + sz
		}
		i += sz
	}
	b.WriteString(s[last:])
	return normalized{text: b.String(), exps: exps}
}

// plainSegment returns the longest run of normalised old that holds no
// character typography maps to: every match contains it verbatim.
func plainSegment(nOld string) string {
	best := ""
	for _, seg := range strings.FieldsFunc(nOld, func(r rune) bool { return strings.ContainsRune(`'"-. `, r) }) {
		if len(seg) > len(best) {
			best = seg
		}
	}
	return best
}

// hasTypography reports whether s holds a typographic rune; it only
// decodes at the lead bytes such runes start with.
func hasTypography(s string) bool {
	for _, lead := range []byte{0xC2, 0xE2, 0xE3} {
		for at := 0; ; {
			i := strings.IndexByte(s[at:], lead)
			if i < 0 {
				break
			}
			r, _ := utf8.DecodeRuneInString(s[at+i:])
			if _, ok := typographic[r]; ok {
				return true
			}
			at += i + 1
		}
	}
	return false
}

// raw maps normalised offset n back to the raw offset; false when n falls
// inside the expansion of one rune.
func (nz normalized) raw(n int) (int, bool) {
	k := sort.Search(len(nz.exps), func(i int) bool { return nz.exps[i].n > n }) - 1
	if k < 0 {
		return n, true
	}
	e := nz.exps[k]
	switch {
	case n == e.n:
		return e.o, true
	case n < e.n+e.nLen:
		return 0, false
	default:
		return e.o + e.oLen + n - e.n - e.nLen, true
	}
}

// Find returns every region equal to old up to typography.
func (unicodeNormalizedStrategy) Find(text, old string) []Candidate {
	nOld := normalizeTypography(old).text
	if nOld == "" || (nOld == old && !hasTypography(text)) {
		return nil
	}
	if seg := plainSegment(nOld); seg != "" && !strings.Contains(text, seg) {
		return nil
	}
	nz := normalizeTypography(text)
	var cands []Candidate
	for _, c := range (exactStrategy{}).Find(nz.text, nOld) {
		s, ok1 := nz.raw(c.Start)
		e, ok2 := nz.raw(c.End)
		if ok1 && ok2 {
			cands = append(cands, Candidate{Start: s, End: e, Adapt: typographyAdapter(old, text[s:e])})
		}
	}
	return cands
}
