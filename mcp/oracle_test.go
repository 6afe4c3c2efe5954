package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit"
)

// oracleServer returns the official Go SDK's server with the same tools,
// handlers, instructions, identity and protocol versions as Serve: the
// oracle the server's replies are compared with.
func oracleServer(t *testing.T, h *handlers) *sdk.Server {
	t.Helper()
	info := serverInfo(h, "")
	impl := &sdk.Implementation{Name: info.Name, Title: info.Title, Description: info.Description, Version: info.Version}
	srv := sdk.NewServer(impl, &sdk.ServerOptions{Instructions: h.instructions(), SupportedProtocolVersions: protocolVersions})
	raw, err := listedTools()
	require.NoError(t, err)
	var tools []*sdk.Tool
	require.NoError(t, json.Unmarshal(raw, &tools))
	for _, tool := range tools {
		name := tool.Name
		srv.AddTool(tool, func(ctx context.Context, req *sdk.CallToolRequest) (*sdk.CallToolResult, error) {
			client := ""
			if p := req.Session.InitializeParams(); p != nil && p.ClientInfo != nil {
				client = p.ClientInfo.Name
			}
			res, _ := h.call(ctx, name, client, req.Params.Arguments)
			out := &sdk.CallToolResult{StructuredContent: res.StructuredContent, IsError: res.IsError}
			for _, c := range res.Content {
				out.Content = append(out.Content, &sdk.TextContent{Text: c.Text})
			}
			return out, nil
		})
	}
	return srv
}

// peer is one server under test, fed one line at a time.
type peer struct {
	in      io.WriteCloser
	replies chan map[string]any
}

// startPeer runs serve over pipes and returns its ends.
func startPeer(t *testing.T, serve func(in io.Reader, out io.Writer)) *peer {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		serve(inR, outW)
		outW.Close()
	}()
	p := &peer{in: inW, replies: make(chan map[string]any, 16)}
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<24)
		for sc.Scan() {
			var m map[string]any
			if !utf8.Valid(sc.Bytes()) { // JSON text is UTF-8; decoding would hide it
				m = map[string]any{"invalid UTF-8": sc.Text()}
			} else if json.Unmarshal(sc.Bytes(), &m) != nil {
				m = map[string]any{"not JSON": sc.Text()}
			}
			p.replies <- m
		}
		close(p.replies)
	}()
	t.Cleanup(func() { inW.Close() })
	return p
}

// send writes line and returns the reply to it (nil when a notification
// or response gets none within a short wait).
func (p *peer) send(t *testing.T, line string) map[string]any {
	t.Helper()
	_, err := io.WriteString(p.in, line+"\n")
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal([]byte(line), &m))
	_, isRequest := m["id"]
	_, hasMethod := m["method"]
	wait := 100 * time.Millisecond
	if isRequest && hasMethod {
		wait = 10 * time.Second
	}
	select {
	case r := <-p.replies:
		return r
	case <-time.After(wait):
		require.False(t, isRequest && hasMethod, "no reply to %s", line)
		return nil
	}
}

// oracleScript exercises every method the server answers, every
// notification it reads, the errors of each, and the negotiation of the
// protocol version, before and after initialize.
var oracleScript = []string{
	`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`,
	`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read","arguments":{"file_path":"a.txt"}}}`,
	`{"jsonrpc":"2.0","id":3,"method":"ping"}`,
	`{"jsonrpc":"2.0","id":4,"method":"server/discover"}`,
	`{"jsonrpc":"2.0","id":5,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`,
	`{"jsonrpc":"2.0","id":6,"method":"ping","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`,
	`{"jsonrpc":"2.0","id":7,"method":"initialize"}`,
	`{"jsonrpc":"2.0","id":8,"method":"initialize","params":null}`,
	`{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"VERSION","capabilities":{},"clientInfo":{"name":"oracle","version":"1"}}}`,
	`{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"again","version":"1"}}}`,
	`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	`{"jsonrpc":"2.0","id":10,"method":"ping","params":{"x":1}}`,
	`{"jsonrpc":"2.0","id":11,"method":"tools/list"}`,
	`{"jsonrpc":"2.0","id":12,"method":"tools/list","params":null}`,
	`{"jsonrpc":"2.0","id":13,"method":"tools/list","params":{"cursor":"abc"}}`,
	`{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"read","arguments":{"file_path":"a.txt"}}}`,
	`{"jsonrpc":"2.0","id":15,"method":"tools/call","params":{"name":"read","arguments":{"file_path":"nope.txt"}}}`,
	`{"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"read","arguments":"x"}}`,
	`{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"read"}}`,
	`{"jsonrpc":"2.0","id":18,"method":"tools/call","params":{"name":"read","arguments":null}}`,
	`{"jsonrpc":"2.0","id":19,"method":"tools/call","params":{"name":"write","arguments":{}}}`,
	`{"jsonrpc":"2.0","id":20,"method":"tools/call","params":{"arguments":{}}}`,
	`{"jsonrpc":"2.0","id":21,"method":"tools/call"}`,
	`{"jsonrpc":"2.0","id":211,"method":"tools/call","params":null}`,
	`{"jsonrpc":"2.0","id":212,"method":"tools/call","params":{"name":7}}`,
	`{"jsonrpc":"2.0","id":213,"method":"tools/call","params":[]}`,
	`{"jsonrpc":"2.0","id":22,"method":"tools/call","params":{"name":"edit","arguments":{"file_path":"a.txt","old_string":"one","new_string":"two","dry_run":true}}}`,
	`{"jsonrpc":"2.0","id":23,"method":"tools/call","params":{"name":"log","arguments":{}}}`,
	`{"jsonrpc":"2.0","id":24,"method":"logging/setLevel","params":{"level":"debug"}}`,
	`{"jsonrpc":"2.0","id":25,"method":"logging/setLevel"}`,
	`{"jsonrpc":"2.0","id":251,"method":"logging/setLevel","params":null}`,
	`{"jsonrpc":"2.0","id":252,"method":"logging/setLevel","params":{}}`,
	`{"jsonrpc":"2.0","id":253,"method":"prompts/list","params":{"cursor":"x"}}`,
	`{"jsonrpc":"2.0","id":26,"method":"prompts/list"}`,
	`{"jsonrpc":"2.0","id":27,"method":"resources/list"}`,
	`{"jsonrpc":"2.0","id":28,"method":"resources/templates/list"}`,
	`{"jsonrpc":"2.0","id":29,"method":"no/such"}`,
	`{"jsonrpc":"2.0","id":30,"method":"resources/subscribe","params":{"uri":"file:///x"}}`,
	`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":99}}`,
	`{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}`,
	`{"jsonrpc":"2.0","method":"no/such/notification"}`,
	`{"jsonrpc":"2.0","id":"s1","result":{}}`,
	`{"jsonrpc":"2.0","id":31,"method":"ping"}`,
	"{\"jsonrpc\":\"2.0\",\"id\":\"\xff\xfe\",\"method\":\"ping\"}",
	`{"jsonrpc":"2.0","id":"\u0041\"<&>","method":"ping"}`,
	`{"jsonrpc":"2.0","id":-0,"method":"ping"}`,
	`{"jsonrpc":"2.0","id": 32 ,"method":"ping"}`,
}

// TestRepliesAreTheOfficialSDKServers sends oracleScript, with every
// protocol version a client may ask for (those spoken, the sessionless
// 2026-07-28 one and an unknown one), to Serve and to the SDK's server,
// and compares each reply.
func TestRepliesAreTheOfficialSDKServers(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	isolateGit(t, repo)
	for _, version := range append(append([]string{}, protocolVersions...), "2026-07-28", "1999-01-01") {
		t.Run(version, func(t *testing.T) {
			h, err := newHandlers(Config{Dir: repo, Options: sessionOptions("s")})
			require.NoError(t, err)
			cfg := Config{Repo: h.repo, Options: h.opt}
			ours := startPeer(t, func(in io.Reader, out io.Writer) { _ = Serve(context.Background(), cfg, in, out) })
			srv := oracleServer(t, h)
			oracle := startPeer(t, func(in io.Reader, out io.Writer) {
				_ = srv.Run(context.Background(), &sdk.IOTransport{Reader: io.NopCloser(in), Writer: nopWriteCloser{out}})
			})
			for _, line := range oracleScript {
				line = replaceVersion(line, version)
				want, got := oracle.send(t, line), ours.send(t, line)
				assert.Equal(t, decodeError(want), decodeError(got), "reply to %s", line)
			}
		})
	}
}

// decodeError cuts the message of an invalid-params error after "invalid
// params": the rest is the JSON decoder's own wording, which differs
// between the SDK's decoder and the standard library's.
func decodeError(reply map[string]any) map[string]any {
	e, ok := reply["error"].(map[string]any)
	if !ok {
		return reply
	}
	msg, _ := e["message"].(string)
	if before, _, found := strings.Cut(msg, "invalid params: "); found {
		e["message"] = before + "invalid params: (the decoder's message)"
	}
	return reply
}

// replaceVersion puts version into the script's initialize.
func replaceVersion(line, version string) string {
	return strings.Replace(line, `"protocolVersion":"VERSION"`, `"protocolVersion":"`+version+`"`, 1)
}

// sessionOptions returns options with session s.
func sessionOptions(s string) (o gitedit.Options) {
	o.Session = s
	return o
}

// nopWriteCloser is a writer whose Close does nothing.
type nopWriteCloser struct{ io.Writer }

// Close does nothing.
func (nopWriteCloser) Close() error { return nil }
