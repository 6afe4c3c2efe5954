package engine

import "strings"

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

// Find returns every occurrence of old decoded one level.
func (escapeNormalizedStrategy) Find(text, old string) []Candidate {
	dec := unescape(old)
	if dec == old || dec == "" {
		return nil
	}
	adapt := escapeAdapter(old)
	cands := (exactStrategy{}).Find(text, dec)
	for i := range cands {
		cands[i].Adapt = adapt
	}
	return cands
}

// escapeAdapter decodes new_string like old_string, unless new_string
// holds raw a character (line feed, tab, quote) that old_string wrote
// only escaped: then new_string is already in the file's form.
func escapeAdapter(old string) func(string) string {
	var onlyEscaped []string
	for _, c := range []string{"\n", "\t", `"`, "'"} {
		esc := `\` + map[string]string{"\n": "n", "\t": "t"}[c]
		if esc == `\` {
			esc += c
		}
		if strings.Contains(old, esc) && !strings.Contains(strings.ReplaceAll(old, esc, ""), c) {
			onlyEscaped = append(onlyEscaped, c)
		}
	}
	return func(s string) string {
		for _, c := range onlyEscaped {
			if strings.Contains(strings.ReplaceAll(s, `\`+c, ""), c) {
				return s
			}
		}
		return unescape(s)
	}
}
