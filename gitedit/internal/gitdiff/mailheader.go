package gitdiff

// This file is gitedit's, not upstream's: it replaces net/mail's
// ReadMessage, the package's only use of package net, whose cgo resolver
// a plain build of gitedit would otherwise link (and dynamically load the
// C library for, on every run). See README.gitedit.md.

import (
	"bufio"
	"errors"
	"io"
	"strings"
)

// message is a mail message as parseHeaderMail reads it: its header
// fields and its body.
type message struct {
	header mailHeader
	body   io.Reader
}

// mailHeader maps each header field name, in canonical form, to its
// values in order.
type mailHeader map[string][]string

// get returns the first value of the field key (any case), or "".
func (h mailHeader) get(key string) string {
	if v := h[canonicalKey(key)]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// readMessage reads a message's header from r as net/mail.ReadMessage
// does: "Name: value" lines, a line starting with a space or a tab
// continuing the one before (joined by one space), up to an empty line or
// the end of the input; the rest of r is the body. A first line starting
// with a space or a tab, or a line without a colon, is an error.
func readMessage(r io.Reader) (*message, error) {
	br := bufio.NewReader(r)
	h := mailHeader{}
	if next, err := br.Peek(1); err == nil && (next[0] == ' ' || next[0] == '\t') {
		line, _ := readLine(br)
		return nil, errors.New("malformed initial line: " + line)
	}
	for {
		kv, err := readContinuedLine(br)
		if kv == "" {
			if err != nil && (!errors.Is(err, io.EOF) || len(h) == 0) {
				return nil, err
			}
			return &message{header: h, body: br}, nil
		}
		k, v, ok := strings.Cut(kv, ":")
		if !ok {
			return nil, errors.New("malformed header line: " + kv)
		}
		if key := canonicalKey(k); key != "" {
			h[key] = append(h[key], strings.TrimLeft(v, " \t"))
		}
		if err != nil {
			return &message{header: h, body: br}, nil
		}
	}
}

// readContinuedLine reads one line and its continuation lines as
// net/textproto's ReadContinuedLine does: each line trimmed of spaces and
// tabs, a continuation joined by one space. err is the end of the input
// (with what was read of a last line without a newline).
func readContinuedLine(br *bufio.Reader) (string, error) {
	line, err := readLine(br)
	if line == "" {
		return "", err
	}
	out := strings.Trim(line, " \t")
	for err == nil {
		next, perr := br.Peek(1)
		if perr != nil || (next[0] != ' ' && next[0] != '\t') {
			break
		}
		var cont string
		cont, err = readLine(br)
		out += " " + strings.Trim(cont, " \t")
	}
	return out, nil
}

// readLine reads one line without its "\n" or "\r\n"; err is the end of
// the input, returned with the last line when it has no newline.
func readLine(br *bufio.Reader) (string, error) {
	line, err := br.ReadString('\n')
	line = strings.TrimSuffix(line, "\n")
	return strings.TrimSuffix(line, "\r"), err
}

// canonicalKey is key as net/textproto's CanonicalMIMEHeaderKey makes it:
// its first letter and every letter after a hyphen in upper case, the
// others in lower case ("subject" → "Subject"); a key with a byte that is
// not a token character (a space, say) is kept as it is.
func canonicalKey(key string) string {
	for i := 0; i < len(key); i++ {
		if !isTokenByte(key[i]) {
			return key
		}
	}
	b := []byte(key)
	upper := true
	for i, c := range b {
		switch {
		case upper && 'a' <= c && c <= 'z':
			b[i] = c - ('a' - 'A')
		case !upper && 'A' <= c && c <= 'Z':
			b[i] = c + ('a' - 'A')
		}
		upper = c == '-'
	}
	return string(b)
}

// isTokenByte reports whether c may appear in a header field name
// (RFC 7230's tchar).
func isTokenByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}
