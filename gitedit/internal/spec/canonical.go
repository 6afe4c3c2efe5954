package spec

import (
	"strconv"
	"unicode/utf8"
)

// CanonicalJSON returns the request's canonical JSON, the Edit-Request
// trailer's content: exactly what json.Marshal returns for it, encoded
// without reflection. encoding/json's first use of a struct type walks
// its fields and tags (about a tenth of a millisecond), a cost every
// gitedit edit process paid once; TestCanonicalJSONIsJSONMarshal checks
// the two encodings agree, field by field.
func (r EditRequest) CanonicalJSON() []byte {
	b := make([]byte, 0, 64+len(r.FilePath)+len(r.OldString)+len(r.NewString)+len(r.MatchMode)+len(r.ExpectedHash))
	b = appendJSONString(append(b, `{"file_path":`...), r.FilePath)
	b = appendJSONString(append(b, `,"old_string":`...), r.OldString)
	b = appendJSONString(append(b, `,"new_string":`...), r.NewString)
	if r.ReplaceAll {
		b = append(b, `,"replace_all":true`...)
	}
	if r.MatchMode != "" {
		b = appendJSONString(append(b, `,"match_mode":`...), r.MatchMode)
	}
	if r.ExpectedReplacements != nil {
		b = strconv.AppendInt(append(b, `,"expected_replacements":`...), int64(*r.ExpectedReplacements), 10)
	}
	if r.DryRun {
		b = append(b, `,"dry_run":true`...)
	}
	if r.ExpectedHash != "" {
		b = appendJSONString(append(b, `,"expected_hash":`...), r.ExpectedHash)
	}
	return append(b, '}')
}

// CanonicalJSON returns the patch request's canonical JSON, exactly what
// json.Marshal returns for it (see EditRequest.CanonicalJSON): a patch
// process no longer pays encoding/json's first walk of the struct.
func (r PatchRequest) CanonicalJSON() []byte {
	b := make([]byte, 0, 32+len(r.Patch)+len(r.Patch)/16)
	b = appendJSONString(append(b, `{"patch":`...), r.Patch)
	if r.DryRun {
		b = append(b, `,"dry_run":true`...)
	}
	return append(b, '}')
}

// appendJSONString appends s as encoding/json writes a string (HTML-safe,
// its default): quoted, with ", \ and the control characters escaped
// (\b, \f, \n, \r, \t by name, the others as \u00XX), <, > and & as
// \u003c, \u003e and \u0026, each invalid UTF-8 byte as \ufffd, and
// U+2028 and U+2029 as \u2028 and \u2029.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(append(b, s[start:i]...), `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(append(b, s[start:i]...), '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(append(b, s[start:]...), '"')
}
