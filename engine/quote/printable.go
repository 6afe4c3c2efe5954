package quote

import (
	"strings"
	"unicode/utf8"
)

// Printable returns s as gitedit shows text on a terminal: every control
// character but tab and newline is written as `cat -v` writes it, so that
// text from a file, a hook or a commit cannot drive the terminal. That is
// ^X for the C0 controls (ESC is ^[, CR is ^M), ^? for DEL, and M- forms
// for each byte of a C1 control (U+0080 to U+009F) and of invalid UTF-8.
// Printable text, UTF-8 included, is kept as it is, and so is a string
// Printable already returned (the result holds no control character).
// It is the one escaping rule of the product (docs/reference.md, "Text
// output"): the CLI's text and error output on a terminal, and the output
// of hooks relayed by the library and the MCP server.
func Printable(s string) string {
	if !needsPrintable(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1, r >= 0x80 && r < 0xa0:
			for _, c := range []byte(s[i : i+size]) {
				b.WriteString("M-" + caret(c&0x7f))
			}
		case r < 0x80:
			b.WriteString(caret(byte(r)))
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// caret shows one 7-bit character as cat -v does: ^X for controls other
// than tab and newline, ^? for DEL, the character itself otherwise.
func caret(c byte) string {
	switch {
	case c == '\t' || c == '\n':
		return string(rune(c))
	case c < 0x20:
		return "^" + string(rune(c+0x40))
	case c == 0x7f:
		return "^?"
	}
	return string(rune(c))
}

// needsPrintable reports whether s holds a byte Printable would change.
func needsPrintable(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return !utf8.ValidString(s[i:]) || hasControl(s[i:])
		}
		if isControl(rune(c)) {
			return true
		}
	}
	return false
}

// hasControl reports whether s holds a control character Printable shows.
func hasControl(s string) bool {
	for _, r := range s {
		if isControl(r) {
			return true
		}
	}
	return false
}

// isControl reports whether r is a C0 control other than tab and newline,
// DEL or a C1 control.
func isControl(r rune) bool {
	return (r < 0x20 && r != '\t' && r != '\n') || r == 0x7f || (r >= 0x80 && r < 0xa0)
}
