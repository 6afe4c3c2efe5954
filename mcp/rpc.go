package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
)

// conn is one MCP connection on a stream of newline-delimited JSON-RPC
// messages (MCP's stdio transport). Requests are read in order; tool
// calls run on goroutines of their own, in the order they arrived (a
// call that may write waits for every earlier call, a read-only one for
// every earlier write; see order), each until it is done or the client
// cancels it (notifications/cancelled), waiting or running; every other
// request (ping, initialize, tools/list) is answered before the next
// message is read, while calls run. The replies follow the official Go SDK's, which
// the tests use as the oracle.
type conn struct {
	h     *handlers
	tools func() (json.RawMessage, error)
	info  implementation
	// out writes whole lines; writeMu keeps them whole.
	writeMu sync.Mutex
	out     io.Writer

	mu          sync.Mutex
	initialized bool
	client      string                        // the client's name (clientInfo.name)
	asked       string                        // the protocol version the client asked for
	inflight    map[string]context.CancelFunc // tool calls running, by raw id
	calls       sync.WaitGroup
	// order runs the tool calls in the order they arrived (see order);
	// only the serving goroutine uses it.
	order order
}

// serve reads messages from g until the input ends, then waits for the
// tool calls still running and returns nil; it returns ctx's error when
// ctx ends first, once the calls running then have ended (cancelled,
// they refuse, or complete a batch past its point of no return: exiting
// before would leave it half-applied, its index.lock in place).
func (s *conn) serve(ctx context.Context, g *gate) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	msgs := make(chan map[string]json.RawMessage)
	errc := make(chan error, 1)
	go func() {
		for {
			m, err := g.next()
			if err != nil {
				errc <- err
				return
			}
			select {
			case msgs <- m:
			case <-ctx.Done():
				return
			}
		}
	}()
	for {
		select {
		case <-ctx.Done():
			s.calls.Wait() // each batch refuses, or completes past its point of no return
			return ctx.Err()
		case err := <-errc:
			return s.finish(ctx, err)
		case m := <-msgs:
			s.handle(ctx, m)
		}
	}
}

// finish waits for the tool calls still running at the end of the input
// (their answers are written before serve returns); when ctx ends first,
// it still waits for them to end, and returns ctx's error.
func (s *conn) finish(ctx context.Context, err error) error {
	done := make(chan struct{})
	go func() {
		s.calls.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-ctx.Done():
		<-done // as in serve: no batch is left half-applied
		return ctx.Err()
	}
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

// handle serves one message: a request (it has an id) is answered, a
// notification acted on, a response (to nothing the server asked) ignored.
func (s *conn) handle(ctx context.Context, m map[string]json.RawMessage) {
	id, isCall := m["id"]
	raw, hasMethod := m["method"]
	if !hasMethod {
		return
	}
	var method string
	_ = json.Unmarshal(raw, &method) // the gate checked it is a string
	params := m["params"]
	if !isCall {
		s.notify(method, params)
		return
	}
	if v := versionRequested(params); v >= sessionless {
		s.reply(id, nil, unsupportedVersion(v))
		return
	}
	if method == "tools/call" && s.ready() {
		s.startCall(ctx, id, params)
		return
	}
	res, rerr := s.request(method, params)
	s.reply(id, res, rerr)
}

// notify acts on a notification; those the server has no use for
// (initialized, progress, roots changed, unknown ones) are ignored.
func (s *conn) notify(method string, params json.RawMessage) {
	if method != "notifications/cancelled" {
		return
	}
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	if json.Unmarshal(params, &p) != nil {
		return
	}
	s.mu.Lock()
	cancel := s.inflight[string(canonicalID(p.RequestID))]
	s.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// ready reports whether initialize has been answered.
func (s *conn) ready() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.initialized
}

// request answers every request but a tool call of an initialized session.
func (s *conn) request(method string, params json.RawMessage) (any, *rpcError) {
	switch method {
	case "initialize":
		return s.initialize(params)
	case "ping":
		return struct{}{}, nil
	case "server/discover":
		return nil, &rpcError{Code: codeMethodNotFound, Message: fmt.Sprintf("method not found: %q", method)}
	}
	if !s.ready() {
		return nil, &rpcError{Code: codeOther, Message: fmt.Sprintf("method %q is invalid during session initialization", method)}
	}
	switch method {
	case "tools/list":
		return s.listTools(params)
	case "logging/setLevel":
		if rerr := needParams(method, params); rerr != nil {
			return nil, rerr
		}
		return struct{}{}, nil
	case "prompts/list", "resources/list", "resources/templates/list":
		if rerr := checkCursor(method, params); rerr != nil {
			return nil, rerr
		}
		return emptyList(listKey[method]), nil
	}
	return nil, &rpcError{Code: codeMethodNotFound, Message: fmt.Sprintf("method not found: %q", method)}
}

// listKey names the list each list method returns.
var listKey = map[string]string{"prompts/list": "prompts", "resources/list": "resources",
	"resources/templates/list": "resourceTemplates"}

// initialize answers the handshake once, negotiating the version.
func (s *conn) initialize(params json.RawMessage) (any, *rpcError) {
	switch {
	case len(params) == 0:
		return nil, missingParams
	case isNull(params):
		return nil, &rpcError{Code: codeOther, Message: `handling 'initialize': missing required "params"`}
	}
	var p initializeParams
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, invalidParams("initialize", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.initialized {
		return nil, &rpcError{Code: codeOther, Message: `duplicate "initialize" received`}
	}
	s.initialized, s.asked = true, p.ProtocolVersion
	if p.ClientInfo != nil {
		s.client = p.ClientInfo.Name
	}
	return initializeResult{ProtocolVersion: negotiate(p.ProtocolVersion), Capabilities: capabilities(),
		Instructions: s.h.instructions(), ServerInfo: s.info}, nil
}

// listTools answers tools/list: every tool on one page.
func (s *conn) listTools(params json.RawMessage) (any, *rpcError) {
	if rerr := checkCursor("tools/list", params); rerr != nil {
		return nil, rerr
	}
	tools, err := s.tools()
	if err != nil {
		return nil, &rpcError{Code: codeOther, Message: err.Error()}
	}
	return map[string]any{"tools": tools, "ttlMs": 0, "cacheScope": "public"}, nil
}

// startCall runs a tool call on its own goroutine once the calls before
// it allow (see order), cancellable by the client until it is answered.
func (s *conn) startCall(ctx context.Context, id json.RawMessage, params json.RawMessage) {
	if rerr := needParams("tools/call", params); rerr != nil {
		s.reply(id, nil, rerr)
		return
	}
	var p callParams
	if err := json.Unmarshal(params, &p); err != nil {
		s.reply(id, nil, invalidParams("tools/call", err))
		return
	}
	key := string(canonicalID(id))
	ctx, cancel := context.WithCancel(ctx)
	s.mu.Lock()
	if s.inflight[key] != nil {
		s.mu.Unlock()
		cancel()
		s.reply(json.RawMessage("null"), nil, duplicateID(key))
		return
	}
	if s.inflight == nil {
		s.inflight = map[string]context.CancelFunc{}
	}
	s.inflight[key] = cancel
	client, complete := s.client, s.asked >= sessionless
	s.mu.Unlock()
	turn := s.order.next(readOnlyTools()[p.Name])
	s.calls.Add(1)
	go func() {
		defer s.calls.Done()
		defer turn.finish()
		defer cancel()
		res, ok := s.callInTurn(ctx, turn, p.Name, client, p.Arguments)
		s.mu.Lock()
		delete(s.inflight, key)
		s.mu.Unlock()
		if !ok {
			s.reply(id, nil, &rpcError{Code: codeInvalidParams, Message: fmt.Sprintf("unknown tool %q", p.Name)})
			return
		}
		if complete {
			res.ResultType = "complete"
		}
		s.reply(id, res, nil)
	}()
}

// duplicateID is the error of a tool call whose id is that of a call
// still waiting or running: it is not run (the official SDK drops it,
// as JSON-RPC asks ids of pending requests to be unique); the error
// names no id, so that it is not read as the pending call's answer.
func duplicateID(id string) *rpcError {
	return &rpcError{Code: codeInvalidRequest, Message: fmt.Sprintf("invalid request: request ID %s already in use", id)}
}

// reply writes the response to request id: its result, or rerr.
func (s *conn) reply(id json.RawMessage, result any, rerr *rpcError) {
	msg := struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Result  any             `json:"result,omitempty"`
		Error   *rpcError       `json:"error,omitempty"`
	}{"2.0", canonicalID(id), result, rerr}
	line, err := json.Marshal(msg)
	if err != nil {
		line, _ = json.Marshal(struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Error   *rpcError       `json:"error"`
		}{"2.0", id, &rpcError{Code: codeOther, Message: fmt.Sprintf("encode the result: %v", err)}})
	}
	s.write(append(line, '\n'))
}

// canonicalID is the id as a client reads it back: a string re-encoded
// from its value (invalid UTF-8 becomes U+FFFD, escapes are resolved), an
// integer in its plain form ("-0" is 0), as the official SDK, which
// decodes ids, answers them. The gate let through only strings and
// integers that fit an int64.
func canonicalID(id json.RawMessage) json.RawMessage {
	if isNull(id) {
		return json.RawMessage("null")
	}
	var s string
	if json.Unmarshal(id, &s) == nil {
		out, _ := json.Marshal(s)
		return out
	}
	if n, err := strconv.ParseInt(string(bytes.TrimSpace(id)), 10, 64); err == nil {
		return strconv.AppendInt(nil, n, 10)
	}
	return id
}

// write writes one whole line.
func (s *conn) write(line []byte) {
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	_, _ = s.out.Write(line)
}

// needParams returns the error of a request to method without params (nil
// when it has some).
func needParams(method string, params json.RawMessage) *rpcError {
	switch {
	case len(params) == 0:
		return missingParams
	case isNull(params):
		return &rpcError{Code: codeInvalidRequest, Message: fmt.Sprintf("handling '%s': %s", method, missingParams.Message)}
	}
	return nil
}

// invalidParams is the error of params of method that do not decode.
func invalidParams(method string, err error) *rpcError {
	return &rpcError{Code: codeInvalidParams, Message: fmt.Sprintf("handling '%s': invalid params: %v", method, err)}
}

// checkCursor returns the error of a list request to method whose params
// do not decode or name a cursor: every list fits one page.
func checkCursor(method string, params json.RawMessage) *rpcError {
	var p listParams
	if !isNull(params) {
		if err := json.Unmarshal(params, &p); err != nil {
			return invalidParams(method, err)
		}
	}
	if p.Cursor != "" {
		return &rpcError{Code: codeInvalidParams, Message: "invalid params"}
	}
	return nil
}

// isNull reports whether params are absent or JSON null.
func isNull(params json.RawMessage) bool {
	return len(params) == 0 || string(params) == "null"
}
