//go:build unix

package cli

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit"
)

// execCall is what runMCPBinary handed to execve.
type execCall struct {
	path     string
	argv     []string
	server   string // the environment's GITEDIT_MCP_SERVER
	catching bool   // gitedit was catching signals at the exec
}

// fakeExec replaces execve for the test: it records the call, with
// whether *e catches signals then, and fails with ENOEXEC.
func fakeExec(t *testing.T, e **env) *[]execCall {
	t.Helper()
	var calls []execCall
	saved := execve
	t.Cleanup(func() { execve = saved })
	execve = func(path string, argv, env []string) error {
		server := ""
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, serverVar+"="); ok {
				server = v
			}
		}
		calls = append(calls, execCall{path, argv, server, (*e).sig.started})
		return syscall.ENOEXEC
	}
	return &calls
}

// TestMCPExecsTheServerWithTheCommandLineAndDefaultSignals checks what
// gitedit mcp hands to exec: the gitedit-mcp found, the command line as
// given (spaces, newlines, bytes that are not UTF-8, "--"), and that
// gitedit does not catch signals before it: a signal caught there was
// lost in the exec (the server started anyway, exit status 0 instead of
// 130 for a SIGINT sent while gitedit looked for the binary); left to
// its default action it ends gitedit, as it ends git before git-NAME.
func TestMCPExecsTheServerWithTheCommandLineAndDefaultSignals(t *testing.T) {
	onPath := plantServer(t)
	t.Setenv("PATH", onPath)
	var e *env
	calls := fakeExec(t, &e)
	build := func(env *env, args []string) *cli.App { e = env; return newAppFor(env, args) }
	line := []string{"gitedit", "mcp", "--commit", "-m", "a  b\nc \xff", "-C", ".", "--"}
	var out, errb strings.Builder
	code := mainWith(build, nil, line, nil, &out, &errb)
	server := filepath.Join(onPath, serverName())
	assert.Equal(t, []execCall{{server, append([]string{server}, line[1:]...), server, false}}, *calls)
	assert.Equal(t, 1, code)
	assert.Equal(t, "gitedit: io_error: run "+server+": exec format error\n", errb.String())
	assert.Empty(t, out.String())
}

// TestMCPRunByAServerThatIsNotOneIsRefused checks gitedit mcp run by the
// gitedit-mcp that a gitedit mcp ran (GITEDIT_MCP_SERVER set): that
// gitedit-mcp is gitedit itself (a link or a copy, as one binary served
// MCP before) or a script running gitedit mcp, and gitedit replaced
// itself by it for ever; it is refused with unsupported, nothing run.
func TestMCPRunByAServerThatIsNotOneIsRefused(t *testing.T) {
	t.Setenv("PATH", plantServer(t))
	t.Setenv(serverVar, "/usr/local/bin/gitedit-mcp")
	var e *env
	calls := fakeExec(t, &e)
	build := func(env *env, args []string) *cli.App { e = env; return newAppFor(env, args) }
	var out, errb strings.Builder
	code := mainWith(build, nil, []string{"gitedit", "mcp"}, nil, &out, &errb)
	assert.Empty(t, *calls)
	assert.Equal(t, 1, code)
	assert.Equal(t, "gitedit: unsupported: gitedit mcp ran /usr/local/bin/gitedit-mcp, which ran gitedit mcp again "+
		"instead of serving: it is not the MCP server (a link to gitedit or a script?); "+
		"install gitedit-mcp with gitedit (see the README's Install section)\n", errb.String())
}

// TestMCPFlagsBeforeTheCommandReachTheServer checks gitedit -C DIR
// --commit mcp (flags may come before the command): gitedit handed
// gitedit-mcp the line as given, "--commit mcp", which gitedit-mcp read
// as gitedit mcp --commit mcp and refused (mcp takes no arguments), where
// the one-binary gitedit served. gitedit-mcp now gets the line as parsed
// and serves the repository of DIR with the flags.
func TestMCPFlagsBeforeTheCommandReachTheServer(t *testing.T) {
	repo := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n"})
	t.Setenv("PATH", plantServer(t))
	var e *env
	calls := fakeExec(t, &e)
	build := func(env *env, args []string) *cli.App { e = env; return newAppFor(env, args) }
	var out, errb strings.Builder
	mainWith(build, nil, []string{"gitedit", "-C", repo, "--commit", "mcp", "--session", "s 1"}, nil, &out, &errb)
	require.Len(t, *calls, 1, errb.String())
	var served []string
	serve := func(_ context.Context, r *gitedit.Repo, opt gitedit.Options, _ io.Reader, _ io.Writer) error {
		served = append(served, r.WorkTree(), fmt.Sprint(opt.Commit), opt.Session)
		return nil
	}
	errb.Reset()
	code := MainMCP(serve, (*calls)[0].argv, nil, &out, &errb)
	assert.Equal(t, 0, code, errb.String())
	real, err := filepath.EvalSymlinks(repo)
	require.NoError(t, err)
	assert.Equal(t, []string{real, "true", "s 1"}, served)
}
