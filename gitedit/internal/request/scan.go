package request

import (
	"bytes"
	"encoding/json"
	"errors"
)

// The request decoders split JSON objects into fields themselves instead
// of running a json.Decoder per object, which was most of their cost. The
// scanner below relies on its input being valid JSON: every raw value the
// decoders handle comes from encoding/json (Decoder.Decode, Unmarshal into
// json.RawMessage), which validated it. On invalid input it stays in
// bounds and reports an error, but does not diagnose the fault.

// errScan is returned for input the scanner cannot split.
var errScan = errors.New("malformed JSON object")

// objectFields returns the keys and raw values of the JSON object raw, in
// input order.
func objectFields(raw []byte) ([]string, []json.RawMessage, error) {
	b := bytes.TrimSpace(raw)
	var keys []string
	var vals []json.RawMessage
	for i := skipSpace(b, 1); i < len(b) && b[i] != '}'; {
		key, next, err := scanKey(b, i)
		if err != nil {
			return nil, nil, err
		}
		end := next + valueLen(b[next:])
		if end == next {
			return nil, nil, errScan
		}
		keys, vals = append(keys, key), append(vals, json.RawMessage(b[next:end]))
		if i = skipSpace(b, end); i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
		}
	}
	return keys, vals, nil
}

// arrayElems returns the raw elements of the JSON array raw.
func arrayElems(raw []byte) ([]json.RawMessage, error) {
	b := bytes.TrimSpace(raw)
	var elems []json.RawMessage
	for i := skipSpace(b, 1); i < len(b) && b[i] != ']'; {
		end := i + valueLen(b[i:])
		if end == i {
			return nil, errScan
		}
		elems = append(elems, json.RawMessage(b[i:end]))
		if i = skipSpace(b, end); i < len(b) && b[i] == ',' {
			i = skipSpace(b, i+1)
		}
	}
	return elems, nil
}

// scanKey decodes the key starting at b[i] and returns it with the index
// of its value (past the colon).
func scanKey(b []byte, i int) (string, int, error) {
	end := i + valueLen(b[i:])
	if end == i || b[i] != '"' {
		return "", 0, errScan
	}
	key, ok := plainString(b[i:end])
	if !ok {
		if err := json.Unmarshal(b[i:end], &key); err != nil {
			return "", 0, err
		}
	}
	colon := skipSpace(b, end)
	if colon >= len(b) || b[colon] != ':' {
		return "", 0, errScan
	}
	return key, skipSpace(b, colon+1), nil
}

// valueLen returns the length of the JSON value at the start of b.
func valueLen(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	switch b[0] {
	case '"':
		return stringLen(b)
	case '{', '[':
		return nestedLen(b)
	}
	n := 0
	for n < len(b) && !isJSONDelim(b[n]) {
		n++
	}
	return n
}

// stringLen returns the length of the JSON string at the start of b,
// quotes included.
func stringLen(b []byte) int {
	for i := 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(b)
}

// nestedLen returns the length of the object or array at the start of b.
func nestedLen(b []byte) int {
	depth := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			i += stringLen(b[i:]) - 1
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return len(b)
}

// isJSONDelim reports whether c ends a number or literal.
func isJSONDelim(c byte) bool {
	return c == ',' || c == '}' || c == ']' || isJSONSpace(c)
}

// isJSONSpace reports whether c is JSON whitespace.
func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// skipSpace returns the index of the first non-space byte of b from i.
func skipSpace(b []byte, i int) int {
	for i < len(b) && isJSONSpace(b[i]) {
		i++
	}
	return i
}
