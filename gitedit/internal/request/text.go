package request

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// JSON text is Unicode (RFC 8259): encoding/json would silently turn an
// invalid UTF-8 byte, or a \u escape of a lone UTF-16 surrogate, into
// U+FFFD, and an edit would then look for, or write, text nobody sent.
// Requests holding either are refused with invalid_input naming the field.

// CheckText returns an invalid_input *spec.Error naming the first string (or
// key) of the JSON value raw that is not Unicode text: invalid UTF-8, or
// an escaped lone surrogate. p prefixes the path in the message.
func CheckText(p string, raw []byte) error {
	if utf8.Valid(raw) && !hasSurrogateEscape(raw) {
		return nil
	}
	return findBadText(p, bytes.TrimSpace(raw))
}

// hasSurrogateEscape reports whether b may hold a \uD800-\uDFFF escape.
func hasSurrogateEscape(b []byte) bool {
	for i := bytes.Index(b, []byte(`\u`)); i >= 0 && i+3 < len(b); {
		if c, d := b[i+2]|0x20, b[i+3]|0x20; c == 'd' && d >= '8' && d <= 'f' && (d <= '9' || d >= 'a') {
			return true
		}
		next := bytes.Index(b[i+2:], []byte(`\u`))
		if next < 0 {
			return false
		}
		i += 2 + next
	}
	return false
}

// findBadText walks raw down to the string that is not Unicode text.
func findBadText(p string, raw []byte) error {
	switch jsonKind(raw) {
	case "string":
		if msg := badString(raw); msg != "" {
			return invalidInput(p, "%s", msg)
		}
	case "object":
		return findBadField(p, raw)
	case "array":
		elems, err := arrayElems(raw)
		if err != nil {
			return invalidInput(p, "invalid JSON: %v", err)
		}
		for i, e := range elems {
			if err := findBadText(pathIndex(p, i), e); err != nil {
				return err
			}
		}
	}
	return nil
}

// findBadField is findBadText for an object: its keys, then its values.
func findBadField(p string, raw []byte) error {
	keys, vals, err := objectFields(raw)
	if err != nil {
		return invalidInput(p, "invalid JSON: %v", err)
	}
	for i, k := range keys {
		if !utf8.ValidString(k) || bytes.ContainsRune([]byte(k), utf8.RuneError) {
			return invalidInput(pathKey(p, fmt.Sprintf("%+q", k)), "the field name is not valid UTF-8")
		}
		if err := findBadText(pathKey(p, k), vals[i]); err != nil {
			return err
		}
	}
	return nil
}

// badString says what keeps the JSON string raw (quotes included) from
// being Unicode text, or "" when it is.
func badString(raw []byte) string {
	body := raw[1 : len(raw)-1]
	if !utf8.Valid(body) {
		off := firstInvalid(body)
		return fmt.Sprintf("not valid UTF-8 (byte 0x%02x at offset %d of the JSON string); JSON text must be UTF-8", body[off], off)
	}
	for i := 0; i < len(body); i++ {
		if body[i] != '\\' {
			continue
		}
		if body[i+1] != 'u' {
			i++
			continue
		}
		r := hex4(body[i+2 : i+6])
		switch {
		case r >= 0xdc00 && r <= 0xdfff:
			return fmt.Sprintf("holds a lone UTF-16 surrogate \\u%04x, which is not Unicode text", r)
		case r >= 0xd800 && r <= 0xdbff:
			if i+12 > len(body) || body[i+6] != '\\' || body[i+7] != 'u' || !isLowSurrogate(hex4(body[i+8:i+12])) {
				return fmt.Sprintf("holds a lone UTF-16 surrogate \\u%04x, which is not Unicode text", r)
			}
			i += 6
		}
		i += 5
	}
	return ""
}

// firstInvalid returns the offset of the first byte of b that does not
// start a valid UTF-8 sequence.
func firstInvalid(b []byte) int {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return 0
}

// isLowSurrogate reports whether r is a UTF-16 low surrogate.
func isLowSurrogate(r int) bool { return r >= 0xdc00 && r <= 0xdfff }

// hex4 decodes 4 hex digits (valid JSON guarantees them).
func hex4(b []byte) int {
	n := 0
	for _, c := range b {
		switch {
		case c >= '0' && c <= '9':
			n = n*16 + int(c-'0')
		case c|0x20 >= 'a' && c|0x20 <= 'f':
			n = n*16 + int(c|0x20-'a'+10)
		}
	}
	return n
}
