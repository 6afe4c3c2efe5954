package mcp

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/gitedit/gitedit/gitedit"
	"github.com/gitedit/gitedit/internal/buildinfo"
)

// Config configures the MCP server.
type Config struct {
	// Dir is the directory whose repository the server edits (walking up,
	// as git does); "" means the current directory. Relative file paths
	// in tool calls resolve against it.
	Dir string
	// Repo, when set, is the already opened repository to use instead of
	// opening Dir.
	Repo *gitedit.Repo
	// Options apply to every tool call, as given: the caller merges the
	// git config defaults (Repo.Defaults) with its flags, as every other
	// command does. An empty Session is replaced by one generated per
	// server start; an empty Agent by the MCP client's name.
	gitedit.Options
	// Version is reported to clients as the server version; empty means
	// the binary's own version, as `gitedit version` prints it.
	Version string
}

// ServeRepo is Serve for an opened repository with the options opt (the
// git config defaults merged with the command's flags): the server of the
// gitedit-mcp binary (cli.Server).
func ServeRepo(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options, in io.Reader, out io.Writer) error {
	return Serve(ctx, Config{Repo: repo, Options: opt}, in, out)
}

// Serve runs an MCP server with gitedit's tools on the given streams
// (newline-delimited JSON-RPC, as on stdio) until the client closes the
// connection (nil) or ctx is cancelled (ctx's error). A line that is not a
// JSON-RPC message, or is longer than MaxRequestSize, is answered with the
// JSON-RPC error for it (-32700 or -32600) and the server goes on. It fails before
// serving when cfg.Dir is not in a repository gitedit can handle.
func Serve(ctx context.Context, cfg Config, in io.Reader, out io.Writer) error {
	srv, err := NewServer(cfg)
	if err != nil {
		return err
	}
	d := newDrain()
	w := d.writer(out)
	g := newGate(in, MaxRequestSize, w.reply)
	g.onRequest = d.request
	// The gate bounds each line; the SDK's own bound (which would end the
	// connection) is set beyond it, allowing for its read-ahead.
	t := &sdk.IOTransport{Reader: d.reader(ctx, g), Writer: w, MaxLineLength: 2 * MaxRequestSize}
	if err := srv.Run(ctx, t); err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("mcp server: %w", err)
	}
	return nil
}

// NewServer returns an MCP server with gitedit's tools on the repository
// of cfg, ready to Run or Connect on any transport. Its tool calls may run
// concurrently: writers serialise on the repository lock, and a call that
// cannot get it within the lock timeout is refused with locked.
func NewServer(cfg Config) (*sdk.Server, error) {
	s, err := newHandlers(cfg)
	if err != nil {
		return nil, err
	}
	defs, err := Tools()
	if err != nil {
		return nil, err
	}
	impl := &sdk.Implementation{Name: "gitedit", Title: "gitedit", Version: versionOr(cfg.Version)}
	srv := sdk.NewServer(impl, &sdk.ServerOptions{Instructions: s.instructions()})
	for _, d := range defs {
		srv.AddTool(sdkTool(d), s.handler(d.Name))
	}
	return srv, nil
}

// newHandlers opens the repository and fixes the per-server options.
func newHandlers(cfg Config) (*handlers, error) {
	repo := cfg.Repo
	if repo == nil {
		var err error
		if repo, err = gitedit.Open(dirOr(cfg.Dir)); err != nil {
			return nil, fmt.Errorf("open repository: %w", err)
		}
	}
	opt := cfg.Options
	if opt.Session == "" {
		opt.Session = NewSessionID()
	}
	return &handlers{repo: repo, opt: opt, warm: newWarm()}, nil
}

// sdkTool turns a tool definition into the SDK's tool.
func sdkTool(d ToolDef) *sdk.Tool {
	ann := &sdk.ToolAnnotations{ReadOnlyHint: d.ReadOnly, IdempotentHint: d.ReadOnly, OpenWorldHint: jsonBool(false)}
	return &sdk.Tool{Name: d.Name, Description: d.Description, InputSchema: d.InputSchema, Annotations: ann}
}

// jsonBool returns a pointer to b.
func jsonBool(b bool) *bool { return &b }

// NewSessionID returns a fresh session id, "mcp-<UTC time>-<random>",
// unique per server start so that `gitedit series --session` and
// `gitedit log --session` select exactly one agent run.
func NewSessionID() string {
	var b [4]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return "mcp-" + time.Now().UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b[:])
}

// versionOr returns v, or the binary's module version when empty.
func versionOr(v string) string {
	if v == "" {
		return buildinfo.Read().Version
	}
	return v
}

// dirOr returns dir, or "." when empty.
func dirOr(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}
