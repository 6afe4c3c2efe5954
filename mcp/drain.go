package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"sync"
)

// drain keeps a stdio MCP session open until every request read has been
// answered: the SDK closes the connection as soon as its input ends, which
// would drop the replies of requests still being handled when a client
// writes its requests and closes standard input (as `printf … | gitedit mcp`
// does). Messages on stdio are newline-delimited JSON (MCP stdio transport).
type drain struct {
	// writeMu keeps whole lines whole: the SDK's messages and the gate's
	// error replies share the output.
	writeMu   sync.Mutex
	mu        sync.Mutex
	cond      *sync.Cond
	requests  int // requests read (messages with an id and a method)
	responses int // responses written (messages with an id and no method)
	outLine   []byte
}

// newDrain returns a drain with nothing pending.
func newDrain() *drain {
	d := &drain{}
	d.cond = sync.NewCond(&d.mu)
	return d
}

// reader wraps in: at its end, Read blocks until every request read has
// been answered (or ctx ends), then reports io.EOF. The requests are
// counted by whoever decodes the input (the gate, through request).
func (d *drain) reader(ctx context.Context, in io.Reader) io.ReadCloser {
	stop := context.AfterFunc(ctx, func() {
		d.mu.Lock()
		defer d.mu.Unlock()
		d.cond.Broadcast()
	})
	return &drainReader{d: d, ctx: ctx, in: in, stop: stop}
}

// request counts one request read.
func (d *drain) request() {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.requests++
}

// writer wraps out, counting the responses written through it.
func (d *drain) writer(out io.Writer) *drainWriter { return &drainWriter{d: d, out: out} }

// drainReader is drain's reader side.
type drainReader struct {
	d    *drain
	ctx  context.Context
	in   io.Reader
	stop func() bool
}

// Read reads from the input; at the input's end it waits for the answers
// of the requests counted.
func (r *drainReader) Read(p []byte) (int, error) {
	n, err := r.in.Read(p)
	if err == io.EOF {
		r.d.mu.Lock()
		defer r.d.mu.Unlock()
		for r.d.responses < r.d.requests && r.ctx.Err() == nil {
			r.d.cond.Wait()
		}
	}
	return n, err
}

// Close releases the context watch; the caller's input stays open.
func (r *drainReader) Close() error {
	r.stop()
	return nil
}

// drainWriter is drain's writer side.
type drainWriter struct {
	d   *drain
	out io.Writer
}

// Write writes to the output, counting the responses it completes.
func (w *drainWriter) Write(p []byte) (int, error) {
	w.d.writeMu.Lock()
	n, err := w.out.Write(p)
	w.d.writeMu.Unlock()
	w.d.mu.Lock()
	defer w.d.mu.Unlock()
	w.d.outLine = countLines(w.d.outLine, p[:n], &w.d.responses, isResponse)
	w.d.cond.Broadcast()
	return n, err
}

// reply writes a line that answers no counted request (the gate's error
// replies to lines the SDK never sees).
func (w *drainWriter) reply(line []byte) {
	w.d.writeMu.Lock()
	defer w.d.writeMu.Unlock()
	_, _ = w.out.Write(line)
}

// Close does nothing: closing the MCP connection must not close the
// caller's output.
func (w *drainWriter) Close() error { return nil }

// countLines appends data to the partial line buf, counts the complete
// lines that match, and returns what is left of the last partial line.
func countLines(buf, data []byte, count *int, match func(map[string]json.RawMessage) bool) []byte {
	buf = append(buf, data...)
	for {
		i := bytes.IndexByte(buf, '\n')
		if i < 0 {
			return buf
		}
		*count += countMessages(buf[:i], match)
		buf = buf[i+1:]
	}
}

// countMessages counts the messages of one line (an object or a batch
// array) that match.
func countMessages(line []byte, match func(map[string]json.RawMessage) bool) int {
	var one map[string]json.RawMessage
	if json.Unmarshal(line, &one) == nil {
		return b2i(match(one))
	}
	var batch []map[string]json.RawMessage
	n := 0
	if json.Unmarshal(line, &batch) == nil {
		for _, m := range batch {
			n += b2i(match(m))
		}
	}
	return n
}

// isRequest reports whether m is a JSON-RPC request (it expects a reply).
func isRequest(m map[string]json.RawMessage) bool {
	_, id := m["id"]
	_, method := m["method"]
	return id && method
}

// isResponse reports whether m is a JSON-RPC response.
func isResponse(m map[string]json.RawMessage) bool {
	_, id := m["id"]
	_, method := m["method"]
	return id && !method
}

// b2i converts a bool to 0 or 1.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
