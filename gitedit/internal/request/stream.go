package request

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"

	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// Stream reads requests from a stream: one JSON value (pretty-printed
// or not), JSON Lines, or any sequence of JSON values separated by
// whitespace. A top-level JSON array stands for its elements (a list of
// tool calls, say), each its own request. Values are read as they arrive, so
// a pipe can feed requests one at a time.
type Stream struct {
	in   *bufio.Reader
	dec  *json.Decoder
	next []json.RawMessage
	n    int
	done bool
}

// NewStream returns a stream reading requests from r.
func NewStream(r io.Reader) *Stream {
	in := bufio.NewReader(r)
	return &Stream{in: in, dec: json.NewDecoder(in)}
}

// Next returns the next request's JSON, or io.EOF after the last one.
// Malformed JSON is an invalid_input *spec.Error naming the request's position;
// the stream then resumes at the next line, so later JSON Lines requests
// can still be read. A read failure is an io_error and ends the stream.
func (s *Stream) Next() (json.RawMessage, error) {
	for len(s.next) == 0 {
		if s.done {
			return nil, io.EOF
		}
		if err := s.read(); err != nil {
			return nil, err
		}
	}
	raw := s.next[0]
	s.next = s.next[1:]
	return raw, nil
}

// read decodes the next JSON value into s.next (its elements for an array).
func (s *Stream) read() error {
	var raw json.RawMessage
	err := s.dec.Decode(&raw)
	switch {
	case errors.Is(err, io.EOF):
		s.done = true
		return nil
	case err != nil:
		return s.fail(err)
	}
	s.n++
	if jsonKind(raw) != "array" {
		s.next = append(s.next, raw)
		return nil
	}
	if err := json.Unmarshal(raw, &s.next); err != nil {
		return invalidInput(s.where(), "invalid JSON: %v", err)
	}
	return nil
}

// fail turns a decoding error into the error Next returns, and skips past
// the broken line so that reading can resume.
func (s *Stream) fail(err error) error {
	s.n++
	var syntax *json.SyntaxError
	if !errors.As(err, &syntax) {
		s.done = true
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return invalidInput(s.where(), "invalid JSON: unexpected end of input")
		}
		return spec.IOError("read requests", err)
	}
	rest := append([]byte(nil), bytesOf(s.dec.Buffered())...)
	s.in = bufio.NewReader(io.MultiReader(bytes.NewReader(rest), s.in))
	if skipErr := skipLine(s.in); skipErr != nil {
		s.done = true
	}
	s.dec = json.NewDecoder(s.in)
	return invalidInput(s.where(), "invalid JSON: %v", err)
}

// where names the current request in messages ("request 3").
func (s *Stream) where() string { return fmt.Sprintf("request %d", s.n) }

// bytesOf reads everything r holds (a bytes.Reader from Buffered).
func bytesOf(r io.Reader) []byte {
	b, _ := io.ReadAll(r)
	return b
}

// skipLine skips leading whitespace and then the rest of that line.
func skipLine(r *bufio.Reader) error {
	for {
		c, err := r.ReadByte()
		if err != nil {
			return err
		}
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			break
		}
	}
	_, err := r.ReadString('\n')
	return err
}

// DecodeOperations decodes every request of r (see Stream) as it
// is read, yielding each operation or the invalid_input error of a
// malformed one; a read failure is yielded last as an io_error.
func DecodeOperations(r io.Reader) iter.Seq2[spec.Operation, error] {
	return func(yield func(spec.Operation, error) bool) {
		s := NewStream(r)
		for {
			raw, err := s.Next()
			if errors.Is(err, io.EOF) {
				return
			}
			op := spec.Operation{}
			if err == nil {
				op, err = DecodeOperation(raw)
			}
			if !yield(op, err) {
				return
			}
		}
	}
}
