#!/usr/bin/env bash
# Checks the gitedit binary's MCP server with the agent clients people use,
# installed from npm: the MCP Inspector's CLI lists the tools and calls
# read; Claude Code, OpenCode and Gemini CLI register the server and list
# it (each should print gitedit as connected). Not run in CI: it needs npm
# and the network. Everything it writes (the clients' configuration, npm's
# cache, a scratch repository) goes under one temporary folder, with HOME
# pointed there; the clients need no login for these commands.
#
#   docs/check-mcp-clients.sh [GITEDIT]   (default: a plain go build of the checkout)
set -euo pipefail

work=$(mktemp -d)
bin=${1:-}
if [ -z "$bin" ]; then
	bin=$work/gitedit
	go build -o "$bin" .
fi
export HOME=$work/home npm_config_yes=true
mkdir -p "$HOME/.gemini"
repo=$work/repo
git init -q -b main "$repo"
cd "$repo"
git config user.name check && git config user.email check@example.com
printf 'hello\nworld\n' >a.txt && git add a.txt && git commit -qm init

say() { printf '\n$ %s\n' "$*"; }

say npx @modelcontextprotocol/inspector --cli "$bin" mcp --method tools/list
npx @modelcontextprotocol/inspector --cli "$bin" mcp --method tools/list | grep '"name"'
say npx @modelcontextprotocol/inspector --cli "$bin" mcp --method tools/call --tool-name read --tool-arg file_path=a.txt
npx @modelcontextprotocol/inspector --cli "$bin" mcp --method tools/call --tool-name read --tool-arg file_path=a.txt

say claude mcp add gitedit -- "$bin" mcp '&&' claude mcp list
npx -p @anthropic-ai/claude-code claude mcp add gitedit -- "$bin" mcp
npx -p @anthropic-ai/claude-code claude mcp list

say opencode mcp list
printf '{"mcp": {"gitedit": {"type": "local", "command": ["%s", "mcp"], "enabled": true}}}\n' "$bin" >opencode.json
npx opencode-ai mcp list

say gemini mcp add gitedit "$bin" mcp '&&' gemini mcp list
printf '{"%s": "TRUST_FOLDER"}\n' "$repo" >"$HOME/.gemini/trustedFolders.json" # MCP servers run in trusted folders only
npx @google/gemini-cli mcp add gitedit "$bin" mcp
npx @google/gemini-cli mcp list

echo "(scratch folder: $work)"
