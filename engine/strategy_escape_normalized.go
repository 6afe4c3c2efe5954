package engine

import (
	"strings"

	"github.com/gitedit/gitedit/engine/internal/linespan"
)

func init() { register(escapeNormalizedStrategy{}) }

// escapeNormalizedStrategy is EscapeNormalized: old_string was written
// with one level of escaping too many (`\n`, `\t`, `\r`, `\"`, `\'`,
// "\\`", `\\` standing for the characters), as happens when a tool call's
// JSON is escaped twice. One level is decoded and the result must occur
// verbatim. new_string is decoded the same way unless it already holds a
// raw character that old_string only ever wrote escaped.
type escapeNormalizedStrategy struct{}

// Mode returns EscapeNormalized.
func (escapeNormalizedStrategy) Mode() MatchMode { return EscapeNormalized }

// escapes maps the character after a backslash to what the pair decodes to.
var escapes = map[byte]string{'n': "\n", 't': "\t", 'r': "", '"': `"`, '\'': "'", '`': "`", '\\': `\`}

// unescape decodes one level of escaping; other backslashes stay.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			if d, ok := escapes[s[i+1]]; ok {
				b.WriteString(d)
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// Find returns every occurrence of old decoded one level. Each
// candidate decodes new_string the same way only when new_string shows
// the same extra level (see escapeDecision), and refuses it when its level
// cannot be told.
func (escapeNormalizedStrategy) Find(text, old string) []Candidate {
	dec := unescape(old)
	if dec == old || dec == "" {
		return nil
	}
	adapt := func(s string) string {
		if decode, _ := escapeDecision(old, s); decode {
			return unescape(s)
		}
		return s
	}
	check := func(s string) string {
		if _, sure := escapeDecision(old, s); !sure {
			return escapeDoubt
		}
		return ""
	}
	cands := (exactStrategy{}).Find(text, dec)
	for i := range cands {
		cands[i].Adapt, cands[i].Check = adapt, check
	}
	return cands
}

// escapeDoubt is the refusal of a new_string whose escaping is unclear.
const escapeDoubt = "only once one level of escaping (\\n, \\t, \\\", \\\\) was removed, " +
	"and new_string's own level cannot be told (it shows both levels, or neither): " +
	"write new_string exactly as the file must read, or escaped the way old_string is"

// escapeProfile is what one string shows of its escaping.
type escapeProfile struct {
	lone    map[byte]bool // c of every escape pair \c other than \\
	doubled bool          // holds \\
	after   map[byte]bool // characters right after a \\
	raw     map[byte]bool // raw line feeds, tabs and quotes
}

// profileOf scans s left to right as unescape does.
func profileOf(s string) escapeProfile {
	p := escapeProfile{lone: map[byte]bool{}, after: map[byte]bool{}, raw: map[byte]bool{}}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s) && s[i+1] == '\\':
			p.doubled = true
			if i+2 < len(s) {
				p.after[s[i+2]] = true
			}
			i++
		case c == '\\' && i+1 < len(s) && escapes[s[i+1]] != "":
			p.lone[s[i+1]] = true
			i++
		case strings.IndexByte("\n\t\"'`", c) >= 0:
			p.raw[c] = true
		}
	}
	return p
}

// escapeDecision decides, from the text of old (which matched once
// decoded one level) and of new, whether new carries the same extra level
// of escaping (decode) or is written at the file's level. The lines new
// repeats from old decide first: a line of old that escaping changes,
// found in new as old wrote it, is the extra level, found as the file
// has it, the file's level (see sharedLevel). Without such lines, the
// escapes decide (see profileLevel). sure is false when the evidence
// points both ways, or nowhere while decoding would change new.
func escapeDecision(old, new string) (decode, sure bool) {
	file, over := sharedLevel(old, new)
	if !file && !over {
		file, over = profileLevel(old, new)
	}
	switch {
	case file != over:
		return over, true
	case file:
		return false, false
	}
	return false, unescape(new) == new
}

// sharedLevel votes on new's level with the lines of old that escaping
// changes: new holding one as old wrote it is the extra level, as the
// file has it (decoded) the file's level.
func sharedLevel(old, new string) (file, over bool) {
	for _, o := range escapedLines(old) {
		d := linespan.TrimLine(unescape(o))
		o = linespan.TrimLine(o)
		if d == o || len(d) < 3 || strings.Contains(d, "\n") {
			continue
		}
		hasO, hasD := strings.Contains(new, o), strings.Contains(new, d)
		over = over || (hasO && !hasD)
		file = file || (hasD && !hasO)
	}
	return file, over
}

// escapedLines cuts old into its lines as written: at line feeds when it
// has some, else at its \n escapes (a string escaped whole).
func escapedLines(old string) []string {
	if strings.Contains(old, "\n") {
		return strings.Split(old, "\n")
	}
	var out []string
	last := 0
	for i := 0; i+1 < len(old); i++ {
		if old[i] == '\\' {
			if old[i+1] == 'n' {
				out = append(out, old[last:i])
				last = i + 2
			}
			i++
		}
	}
	return append(out, old[last:])
}

// profileLevel votes on new's level with the escapes of both strings.
// The file's level: a raw character that old only ever wrote escaped; an
// escape pair \c where old wrote \\c (the file's \c) and never \c;
// \\ where old wrote \\\\ (the file's \\) and new never does. The
// extra level: \\ where old doubled its backslashes, or an escape pair old
// used whose character new never writes raw.
func profileLevel(old, new string) (file, over bool) {
	po, pn := profileOf(old), profileOf(new)
	for c := range po.lone {
		r := escapes[c]
		if len(r) == 1 && !po.raw[r[0]] && pn.raw[r[0]] {
			file = true
		}
	}
	for c := range pn.lone {
		r := escapes[c]
		switch {
		case po.after[c] && !po.lone[c]:
			file = true
		case po.lone[c] && (len(r) != 1 || !pn.raw[r[0]]):
			over = true
		}
	}
	quad := strings.Repeat("\\", 4)
	if pn.doubled && strings.Contains(old, quad) && !strings.Contains(new, quad) {
		file = true
	} else if po.doubled && pn.doubled {
		over = true
	}
	return file, over
}
