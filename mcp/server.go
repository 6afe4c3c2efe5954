package mcp

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"time"

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
// git config defaults merged with the command's flags): the server of
// gitedit mcp.
func ServeRepo(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options, in io.Reader, out io.Writer) error {
	return Serve(ctx, Config{Repo: repo, Options: opt}, in, out)
}

// Serve runs an MCP server with gitedit's tools on the given streams
// (newline-delimited JSON-RPC, as on stdio) until the client closes the
// connection and every call read has been answered (nil), or ctx is
// cancelled (ctx's error). A line that is not a JSON-RPC message, or is
// longer than MaxRequestSize, is answered with the JSON-RPC error for it
// (-32700 or -32600) and the server goes on. It fails before serving when
// cfg.Dir is not in a repository gitedit can handle.
func Serve(ctx context.Context, cfg Config, in io.Reader, out io.Writer) error {
	h, err := newHandlers(cfg)
	if err != nil {
		return err
	}
	s := &conn{h: h, tools: listedTools, out: out,
		info: serverInfo(h, cfg.Version)}
	g := newGate(in, MaxRequestSize, s.write)
	if err := s.serve(ctx, g); err != nil {
		return fmt.Errorf("mcp server: %w", err)
	}
	return nil
}

// serverInfo is the server's identity for initialize: its description
// names the server's session id, which every batch is recorded under.
func serverInfo(h *handlers, version string) implementation {
	return implementation{Name: "gitedit", Title: "gitedit", Version: versionOr(version),
		Description: "gitedit MCP server; session " + h.opt.Session}
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
	if err := gitedit.CheckSession(opt.Session); err != nil {
		return nil, err // every writing call would fail with it
	}
	return &handlers{repo: repo, opt: opt, warm: newWarm()}, nil
}

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
