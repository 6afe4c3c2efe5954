package integration

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// Each commit of session land --each keeps its batch's Edit-Agent (or
// none), as it keeps the rest of the batch's message: the trailer names
// who made the change. The land's --agent (or GITEDIT_AGENT) names who
// landed it, on the land's ledger entry; --author replaces every
// commit's author. The default land's one commit is the lander's change
// and carries its agent (docs/sessions.md).
func TestSessionLandEachKeepsEachBatchsAgent(t *testing.T) {
	session := func(t *testing.T) string {
		dir := fixtures.NewRepo(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n"})
		sessionEdit(t, dir, "s", "a.txt", "a", "A", "--agent", "one")
		sessionEdit(t, dir, "s", "b.txt", "b", "B")
		sessionEdit(t, dir, "s", "c.txt", "c", "C", "--agent", "two")
		return dir
	}
	agents := func(t *testing.T, dir, rev string) []string {
		out := git(t, dir, "log", "--reverse", "--format=%an|%(trailers:key=Edit-Agent,valueonly,separator=%x2c)", rev)
		return strings.Split(out, "\n")
	}
	dir := session(t)
	ok(t, dir, "session", "land", "s", "--each", "--agent", "lander", "--author", "Rev <rev@example.com>")
	require.Equal(t, []string{"Rev|one", "Rev|", "Rev|two"}, agents(t, dir, "HEAD~3..HEAD"))
	require.Equal(t, "lander", git(t, dir, "log", "-1", "--format=%(trailers:key=Edit-Agent,valueonly)", "refs/gitedit/sessions/s"))
	require.Equal(t, "land", git(t, dir, "log", "-1", "--format=%(trailers:key=Edit-Tool,valueonly)", "refs/gitedit/sessions/s"))

	dir = session(t) // GITEDIT_AGENT is --agent
	r := runIn(t, dir, append(os.Environ(), "GITEDIT_AGENT=lander"), "", "gitedit", "session", "land", "s", "--each")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, []string{"one", "", "two"}, trimAuthors(agents(t, dir, "HEAD~3..HEAD")))
	require.Equal(t, "lander", git(t, dir, "log", "-1", "--format=%(trailers:key=Edit-Agent,valueonly)", "refs/gitedit/sessions/s"))

	dir = session(t) // one commit: the lander's
	ok(t, dir, "session", "land", "s", "--agent", "lander")
	require.Equal(t, []string{"lander"}, trimAuthors(agents(t, dir, "HEAD~1..HEAD")))
}

// trimAuthors keeps the agent of each "author|agent" line.
func trimAuthors(lines []string) []string {
	for i, l := range lines {
		_, lines[i], _ = strings.Cut(l, "|")
	}
	return lines
}
