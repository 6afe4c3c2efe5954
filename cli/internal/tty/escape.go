package tty

import (
	"strings"
	"unicode/utf8"
)

// Escape returns s with every control character but tab and newline shown
// as `cat -v` shows it, so that text from a file cannot drive the
// terminal: ^X for the C0 controls (ESC is ^[), ^? for DEL, and M- forms
// for the bytes of C1 controls (U+0080 to U+009F) and of invalid UTF-8.
// Printable text, UTF-8 included, is kept as it is.
func Escape(s string) string {
	if !needsEscape(s) {
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

// needsEscape reports whether s holds a byte Escape would change.
func needsEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return !utf8.ValidString(s[i:]) || hasC1(s[i:])
		}
		if (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f {
			return true
		}
	}
	return false
}

// hasC1 reports whether s holds a C1 control or an ASCII control.
func hasC1(s string) bool {
	for _, r := range s {
		if (r >= 0x80 && r < 0xa0) || r == 0x7f || (r < 0x20 && r != '\t' && r != '\n') {
			return true
		}
	}
	return false
}
