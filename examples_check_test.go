package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// usersFiles are the sources the example recipe (examples/gitedit.yaml)
// rewrites, and what it must make of them; vendor/ is out of its scope.
const usersFiles = `-- users.go --
package src

import (
	"errors"
	"io/ioutil"
)

func FetchUser(id int) (string, error) {
	data, err := ioutil.ReadFile("users.txt")
	if err != nil {
		return "", errors.Wrap(err, "load user")
	}
	return string(data), nil
}

var _, _ = FetchUser(1)
-- users.want --
package src

import (
	"errors"
	"io/ioutil"
)

func LoadUser(id int) (string, error) {
	data, err := os.ReadFile("users.txt")
	if err != nil {
		return "", fmt.Errorf("load user: %w", err)
	}
	return string(data), nil
}

var _, _ = LoadUser(1)
-- vendor.go --
package x

var _ = FetchUser(2)
`

// recipeScript runs examples/gitedit.yaml as .gitedit.yaml: --check
// reports, --commit applies in one commit, vendor/ stays as it is.
const recipeScript = `cd repo
cp $EXAMPLES/gitedit.yaml .gitedit.yaml
cp $WORK/users.go src/users.go
mkdir vendor/x
cp $WORK/vendor.go vendor/x/x.go
exec git add -A
exec git commit -qm 'add users'
! exec gitedit run --check
stdout '^\+func LoadUser\(id int\)'
stdout 'fmt.Errorf\("load user: %w", err\)'
stdout 'os.ReadFile\('
exec gitedit run --commit
exec git log -1 --format=%B
stdout 'Edit-Tool: recipe'
cmp src/users.go $WORK/users.want
cmp vendor/x/x.go $WORK/vendor.go
exec gitedit run --check
`

// hookScript installs examples/pre-commit as a plain git hook: a commit
// the recipes would change is refused until gitedit run fixes it.
const hookScript = `cd repo
cp $EXAMPLES/gitedit.yaml .gitedit.yaml
exec git add .gitedit.yaml
exec git commit -qm recipes
cp $EXAMPLES/pre-commit .git/hooks/pre-commit
chmod 755 .git/hooks/pre-commit
cp $WORK/users.go src/users.go
exec git add src/users.go
! exec git commit -qm 'add users'
stderr 'the recipes in .gitedit.yaml would change the files above'
exec gitedit run .gitedit.yaml
exec git commit -qm 'add users'
cmp src/users.go $WORK/users.want
`

func TestExampleRecipeAndGitHookRun(t *testing.T) {
	testscript.Run(t, scriptParams(t, t.TempDir(), map[string]string{
		"recipe":     recipeScript + usersFiles,
		"pre-commit": hookScript + usersFiles,
	}))
}

// preCommitHook is one hook of .pre-commit-hooks.yaml.
type preCommitHook struct {
	ID    string   `yaml:"id"`
	Entry string   `yaml:"entry"`
	Args  []string `yaml:"args"`
}

// hookOutcome is what each hook the repository ships must do to a staged
// file the recipes change: fail (check) or fix the working tree (fix).
var hookOutcome = map[string]string{
	"gitedit-check": "! exec %s\nstdout 'LoadUser'\nexec git diff --quiet\n",
	"gitedit-fix":   "exec %s\nexec git show :src/users.go\ncmp stdout $WORK/users.go\ncmp src/users.go $WORK/users.want\n",
}

func TestPreCommitFrameworkHooksRun(t *testing.T) {
	var hooks []preCommitHook
	readYAML(t, ".pre-commit-hooks.yaml", &hooks)
	var config struct {
		Repos []struct {
			Repo  string `yaml:"repo"`
			Hooks []struct {
				ID string `yaml:"id"`
			} `yaml:"hooks"`
		} `yaml:"repos"`
	}
	readYAML(t, "examples/pre-commit-config.yaml", &config)
	require.Len(t, config.Repos, 1)
	assert.Equal(t, "https://github.com/gitedit/gitedit", config.Repos[0].Repo)
	ids := map[string]bool{}
	scripts := map[string]string{}
	for _, h := range hooks {
		ids[h.ID] = true
		outcome, ok := hookOutcome[h.ID]
		require.True(t, ok, "say in hookOutcome what hook %s must do", h.ID)
		command := strings.Join(append(append([]string{h.Entry}, h.Args...), "src/users.go"), " ")
		scripts[h.ID] = "cd repo\ncp $EXAMPLES/gitedit.yaml .gitedit.yaml\ncp $WORK/users.go src/users.go\nexec git add -A\n" +
			fmt.Sprintf(outcome, command) + usersFiles
	}
	for _, h := range config.Repos[0].Hooks {
		assert.True(t, ids[h.ID], "examples/pre-commit-config.yaml uses hook %s, which .pre-commit-hooks.yaml defines", h.ID)
	}
	testscript.Run(t, scriptParams(t, t.TempDir(), scripts))
}

// readYAML decodes a YAML file into v.
func readYAML(t *testing.T, file string, v any) {
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	require.NoError(t, yaml.Unmarshal(data, v), file)
}

// readJSON decodes a JSON file into v.
func readJSON(t *testing.T, file string, v any) {
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, v), file)
}

// codexServer reads the [mcp_servers.gitedit] table of a Codex
// config.toml: its command and args lines, each a TOML string or array
// of strings, which JSON reads alike.
func codexServer(t *testing.T, file string) (s struct {
	Command string   `json:"command"`
	Args    []string `json:"args"`
}) {
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	_, table, ok := strings.Cut(string(data), "[mcp_servers.gitedit]\n")
	require.True(t, ok, "%s has an [mcp_servers.gitedit] table", file)
	for _, line := range strings.Split(table, "\n") {
		key, value, ok := strings.Cut(line, " = ")
		switch {
		case ok && key == "command":
			require.NoError(t, json.Unmarshal([]byte(value), &s.Command), line)
		case ok && key == "args":
			require.NoError(t, json.Unmarshal([]byte(value), &s.Args), line)
		}
	}
	return s
}

// mcpSession is what the MCP client configurations' servers are sent: the
// handshake, the tool list and one edit.
const mcpSession = `-- session.jsonl --
{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"example-client","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/list"}
{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"edit","arguments":{"file_path":"src/c.go","old_string":"C = 1","new_string":"C = 2"}}}
`

// mcpScript starts the server with the command line of a client
// configuration and checks the tools and the commit of one edit.
func mcpScript(command []string) string {
	return "cd repo\nstdin $WORK/session.jsonl\nexec " + strings.Join(command, " ") + "\n" +
		"stdout '\"serverInfo\":\\{[^}]*\"name\":\"gitedit\"'\n" +
		"stdout '\"name\":\"read\"'\nstdout '\"name\":\"apply_patch\"'\nstdout 'Replaced 1 occurrence in src/c.go'\n" +
		"exec git log -1 --format=%(trailers:key=Edit-Tool,valueonly)\nstdout '^edit$'\n" + mcpSession
}

func TestMCPClientConfigsStartTheServer(t *testing.T) {
	type server struct {
		Command string   `json:"command"`
		Args    []string `json:"args"`
	}
	var claude, cursor, gemini struct {
		MCPServers map[string]server `json:"mcpServers"`
	}
	readJSON(t, "examples/claude-code/.mcp.json", &claude)
	readJSON(t, "examples/cursor/.cursor/mcp.json", &cursor)
	readJSON(t, "examples/gemini/.gemini/settings.json", &gemini)
	var opencode struct {
		MCP map[string]struct {
			Type    string   `json:"type"`
			Command []string `json:"command"`
			Enabled bool     `json:"enabled"`
		} `json:"mcp"`
	}
	readJSON(t, "examples/opencode/opencode.json", &opencode)
	oc := opencode.MCP["gitedit"]
	assert.Equal(t, "local", oc.Type)
	assert.True(t, oc.Enabled)
	scripts := map[string]string{"opencode": mcpScript(oc.Command)}
	servers := map[string]server{"claude-code": claude.MCPServers["gitedit"], "cursor": cursor.MCPServers["gitedit"],
		"gemini": gemini.MCPServers["gitedit"], "codex": codexServer(t, "examples/codex/config.toml")}
	for name, cfg := range servers {
		require.Equal(t, "gitedit", cfg.Command, name)
		scripts[name] = mcpScript(append([]string{cfg.Command}, cfg.Args...))
	}
	var settings struct {
		Permissions struct {
			Deny []string `json:"deny"`
		} `json:"permissions"`
	}
	readJSON(t, "examples/claude-code/.claude/settings.json", &settings)
	assert.Subset(t, settings.Permissions.Deny, []string{"Edit", "MultiEdit", "Write"})
	testscript.Run(t, scriptParams(t, t.TempDir(), scripts))
}
