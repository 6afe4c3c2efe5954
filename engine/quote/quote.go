package quote

import "strings"

// Paths are quoted as git quotes them (quote.c, quote_c_style with the
// default core.quotePath=true) wherever gitedit writes one into text that
// is read back: diff headers, commit subjects, bodies and trailers, and
// JSON for a name that is not UTF-8. A quoted path starts with a double
// quote; UnquoteC reads it back byte for byte.

// QuotePath C-quotes name the way git does by default (core.quotePath)
// when it holds a double quote, a backslash, a control byte or a non-ASCII
// byte; any other name is returned as is.
func QuotePath(name string) string {
	if !strings.ContainsFunc(name, func(r rune) bool { return r < 0x20 || r >= 0x7f || r == '"' || r == '\\' }) {
		return name
	}
	return CQuote(name)
}

// CQuote C-quotes s as git does: between double quotes, with \" \\
// \a \b \t \n \v \f \r, and every other control or non-ASCII byte as three
// octal digits.
func CQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x07 && c <= 0x0d:
			b.WriteByte('\\')
			b.WriteByte("abtnvfr"[c-0x07])
		case c < 0x20 || c >= 0x7f:
			b.WriteByte('\\')
			b.WriteString(octal3(c))
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// octal3 writes byte c as three octal digits ("012", "377"), as git's
// C-quoting does.
func octal3(c byte) string {
	return string([]byte{'0' + c>>6, '0' + c>>3&7, '0' + c&7})
}

// UnquoteC reads a C-quoted string at the start of s (git's
// unquote_c_style: s starts with the opening quote) and returns it and
// the number of bytes read; ok is false when s holds no complete quoted
// string.
func UnquoteC(s string) (string, int, bool) {
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			return b.String(), i + 1, true
		case '\\':
			n, ok := unescapeC(&b, s[i+1:])
			if !ok {
				return "", 0, false
			}
			i += n
		default:
			b.WriteByte(c)
		}
	}
	return "", 0, false
}

// unescapeC decodes the escape after a backslash and returns its length.
func unescapeC(b *strings.Builder, s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	if i := strings.IndexByte(`abfnrtv\"`, s[0]); i >= 0 {
		b.WriteByte("\a\b\f\n\r\t\v\\\""[i])
		return 1, true
	}
	if len(s) >= 3 && s[0] >= '0' && s[0] <= '3' {
		var v byte
		for _, c := range []byte(s[:3]) {
			if c < '0' || c > '7' {
				return 0, false
			}
			v = v*8 + c - '0'
		}
		b.WriteByte(v)
		return 3, true
	}
	return 0, false
}

// UnquotePath reads back a path as QuotePath (or a JSON result naming a
// path that is not UTF-8) writes it: a value that is one whole C-quoted
// string (it starts with a double quote) is unquoted to its bytes; any
// other value is the path as given.
func UnquotePath(p string) string {
	if len(p) < 2 || p[0] != '"' {
		return p
	}
	if raw, n, ok := UnquoteC(p); ok && n == len(p) {
		return raw
	}
	return p
}
