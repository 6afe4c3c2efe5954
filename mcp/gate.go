package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// MaxRequestSize bounds one line of input (one JSON-RPC message): a
// longer line is answered with an Invalid Request error and skipped,
// without ever being held in memory whole.
const MaxRequestSize = 16 << 20

// maxNesting is the deepest nesting of arrays and objects a message may
// have (as the official SDK decodes them); deeper lines are refused.
const maxNesting = 1000

// The JSON-RPC 2.0 error codes for a message that cannot be served.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
)

// gate reads the client's stream line by line for the server. It hands
// on each line that is one JSON-RPC 2.0 message, decoded once into its
// top-level fields, and answers every other line itself with the error
// JSON-RPC defines (-32700 for a line that is not JSON, -32600 for one
// that is not a valid message, a batch, or a line over MaxRequestSize),
// then goes on reading.
type gate struct {
	in    *bufio.Reader
	max   int
	reply func(line []byte)
	err   error
}

// newGate returns a gate over in that answers bad lines through reply.
func newGate(in io.Reader, max int, reply func(line []byte)) *gate {
	return &gate{in: bufio.NewReaderSize(in, 64<<10), max: max, reply: reply}
}

// next returns the next message that can be served, decoded into its
// top-level fields, answering every other line on the way; at the end of
// the input it returns the input's error (io.EOF).
func (g *gate) next() (map[string]json.RawMessage, error) {
	for {
		if g.err != nil {
			return nil, g.err
		}
		line, tooLong, err := g.nextLine()
		g.err = err
		if m := g.accept(line, tooLong); m != nil {
			return m, nil
		}
	}
}

// accept returns line's message when it can be served, else nil, having
// answered it when it is not blank.
func (g *gate) accept(line []byte, tooLong int) map[string]json.RawMessage {
	if tooLong > 0 {
		g.refuse(codeInvalidRequest, fmt.Sprintf("Invalid Request: the message is larger than the %d MiB limit (%d bytes or more); send smaller requests (edit large files in several calls)", g.max>>20, tooLong))
		return nil
	}
	if len(bytes.TrimSpace(line)) == 0 {
		return nil
	}
	m, code, msg := readMessage(line)
	if code != 0 {
		g.refuse(code, msg)
		return nil
	}
	return m
}

// refuse writes a JSON-RPC error response with a null id.
func (g *gate) refuse(code int, msg string) {
	resp, _ := json.Marshal(map[string]any{
		"jsonrpc": "2.0", "id": nil,
		"error": map[string]any{"code": code, "message": msg},
	})
	g.reply(append(resp, '\n'))
}

// nextLine reads one line without its newline. A line longer than max is
// read to its end and dropped: line is nil and tooLong its length so far.
func (g *gate) nextLine() (line []byte, tooLong int, err error) {
	var buf []byte
	for {
		chunk, err := g.in.ReadSlice('\n')
		if tooLong > 0 || len(buf)+len(chunk) > g.max+1 {
			tooLong += len(buf) + len(chunk)
			buf = nil
		} else {
			buf = append(buf, chunk...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong > 0 {
			return nil, tooLong, err
		}
		return bytes.TrimSuffix(buf, []byte("\n")), 0, err
	}
}

// readMessage decodes line, once, into its top-level fields. code is 0
// when line is one JSON-RPC 2.0 request, notification or response the
// server reads, else the error code and msg the message to answer it with.
// json.Unmarshal validates before it decodes: its syntax error is the
// parse error.
func readMessage(line []byte) (m map[string]json.RawMessage, code int, msg string) {
	err := json.Unmarshal(line, &m)
	var syntax *json.SyntaxError
	switch {
	case errors.As(err, &syntax):
		return nil, codeParseError, fmt.Sprintf("Parse error: the line is not JSON (%v)", err)
	case tooDeep(line):
		return nil, codeInvalidRequest, fmt.Sprintf("Invalid Request: nested more than %d levels deep", maxNesting)
	case err != nil && bytes.HasPrefix(bytes.TrimSpace(line), []byte("[")):
		return nil, codeInvalidRequest, "Invalid Request: JSON-RPC batches are not supported (MCP removed them in 2025-06-18); send one message per line"
	case err != nil:
		return nil, codeInvalidRequest, "Invalid Request: a message must be a JSON object"
	}
	if problem := messageProblem(m); problem != "" {
		return nil, codeInvalidRequest, "Invalid Request: " + problem
	}
	return m, 0, ""
}

// messageProblem says what keeps m from being a JSON-RPC 2.0 message as
// MCP defines it and the official SDK decodes it ("" when nothing does;
// the server answers as the SDK's would, see oracle_test.go). The SDK
// reads every id as a string or an int64: an id of null (which MCP
// forbids in a request, and which the SDK takes for a notification that
// then holds the connection open forever), a fraction or an integer
// beyond int64 would be answered under another id, or never.
func messageProblem(m map[string]json.RawMessage) string {
	var version string
	if json.Unmarshal(m["jsonrpc"], &version) != nil || version != "2.0" {
		return `"jsonrpc" must be "2.0"`
	}
	id, hasID := m["id"]
	if hasID && !validID(id) {
		return `"id" must be a string or an integer (from -2^63 to 2^63-1)`
	}
	method, hasMethod := m["method"]
	_, hasResult := m["result"]
	_, hasError := m["error"]
	var name string
	switch {
	case hasMethod && json.Unmarshal(method, &name) != nil:
		return `"method" must be a string`
	case !hasMethod && (!hasID || !hasResult && !hasError):
		return `a message needs a "method" (request or notification), or an "id" and a "result" or "error" (response)`
	}
	return ""
}

// validID reports whether raw is an id the SDK answers under the same
// value: a string, or an integer that fits an int64.
func validID(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	var s string
	if bytes.HasPrefix(raw, []byte(`"`)) && json.Unmarshal(raw, &s) == nil {
		return true
	}
	_, err := strconv.ParseInt(string(raw), 10, 64)
	return err == nil
}

// tooDeep reports whether the valid JSON text data nests arrays and
// objects more than maxNesting levels deep. A line with no more opening
// brackets than that (counted fast, strings included) cannot.
func tooDeep(data []byte) bool {
	if bytes.Count(data, []byte("["))+bytes.Count(data, []byte("{")) <= maxNesting {
		return false
	}
	return nesting(data) > maxNesting
}

// nesting returns the deepest nesting of arrays and objects in the valid
// JSON text data.
func nesting(data []byte) int {
	depth, deepest := 0, 0
	inString, escaped := false, false
	for _, b := range data {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case b == '\\':
				escaped = true
			case b == '"':
				inString = false
			}
		case b == '"':
			inString = true
		case b == '[' || b == '{':
			depth++
			deepest = max(deepest, depth)
		case b == ']' || b == '}':
			depth--
		}
	}
	return deepest
}
