#!/usr/bin/env bash
# Drives one session of gitedit's MCP server through a real MCP client,
# the MCP Inspector's CLI from npm: an edit, `changes`, `undo`, another
# edit, `commit` with a message; then `git log` and `gitedit session show`
# of the session. Each Inspector call starts a new server process, so all
# of them are given one session id (`mcp --session S`) and share its
# ledger. It prints every command and what it printed, verbatim, and
# stops at the first tool call that is an error or at a state that is not
# the expected one. Not run in CI: it needs npm and the network.
# Everything it writes (npm's cache, a scratch repository) goes under one
# temporary folder, with HOME pointed there.
#
#   docs/check-mcp-session.sh [GITEDIT]   (default: a plain go build of the checkout)
set -euo pipefail

work=$(mktemp -d)
bin=${1:-}
if [ -z "$bin" ]; then
	bin=$work/gitedit
	go build -o "$bin" .
fi
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
export HOME=$work/home npm_config_yes=true npm_config_update_notifier=false GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME"
repo=$work/repo
session=inspector-check
git init -q -b main "$repo"
cd "$repo"
git config user.name check && git config user.email check@example.com
printf 'hello\nworld\n' >a.txt && printf 'one\ntwo\n' >b.txt
git add a.txt b.txt && git commit -qm init

# say CMD...: print a command as one would type it.
say() {
	local w line=
	for w in "$@"; do
		case $w in *[!A-Za-z0-9_./=:@-]*) w="'$w'" ;; esac
		line+=" $w"
	done
	printf '\n$%s\n' "$line"
}
fail() { printf 'check-mcp-session: %s\n' "$*" >&2; exit 1; }

# call TOOL [KEY=VALUE...]: one tools/call through the Inspector's CLI, in
# a new server process of the session; its output is printed as it is.
call() {
	local tool=$1 args=() kv out
	shift
	for kv in "$@"; do args+=(--tool-arg "$kv"); done
	say npx @modelcontextprotocol/inspector --cli "$bin" mcp --session "$session" \
		--method tools/call --tool-name "$tool" "${args[@]}"
	out=$(npx @modelcontextprotocol/inspector --cli "$bin" mcp --session "$session" \
		--method tools/call --tool-name "$tool" "${args[@]}")
	printf '%s\n' "$out"
	if grep -q '"isError": true' <<<"$out"; then fail "$tool returned an error"; fi
}

# expect WHAT WANT GOT: stop unless GOT is WANT.
expect() { [ "$2" = "$3" ] || fail "$1: want $(printf %q "$2"), got $(printf %q "$3")"; }

say npx @modelcontextprotocol/inspector --cli "$bin" mcp --session "$session" --method tools/list
npx @modelcontextprotocol/inspector --cli "$bin" mcp --session "$session" --method tools/list | grep '"name"'
inspector=$(cat "$HOME"/.npm/_npx/*/node_modules/@modelcontextprotocol/inspector/package.json)
printf '(the Inspector %s)\n' "$(sed -n 's/^  "version": "\(.*\)",$/\1/p' <<<"$inspector")"

call edit file_path=a.txt old_string=hello new_string=Hello
expect "a.txt staged after the edit" "M  a.txt" "$(git status --short)"
call changes
call undo
expect "nothing left after undo" "" "$(git status --short)"
call edit file_path=b.txt old_string=two new_string=three
call commit "message=Count to three"
expect "commit leaves nothing uncommitted" "" "$(git status --short)"
expect "commit holds b.txt only" "b.txt" "$(git diff --name-only HEAD^ HEAD)"
expect "the commit's message" "Count to three" "$(git log -1 --format=%s)"

say git log --format='%h %s%n%(trailers)'
git log --format='%h %s%n%(trailers)'
say gitedit session show "$session" -p
"$bin" session show "$session" -p
say gitedit session list
"$bin" session list

echo "(scratch folder: $work)"
