package integration

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// hookControls is a hook's output that would drive a terminal: a colour,
// a window title and a bell.
const hookControls = `printf '\033[31mred\033]0;title\007\n' >&2`

// TestHookOutputIsShownAsCatVShowsIt: what a hook prints reaches the
// user's standard error escaped by the product's one rule (^[ for ESC, ^G
// for BEL), whether the hook lets the commit through or refuses it.
func TestHookOutputIsShownAsCatVShowsIt(t *testing.T) {
	for _, status := range []string{"0", "1"} {
		dir := hookRepo(t)
		installHook(t, filepath.Join(dir, ".git", "hooks"), "pre-commit", hookControls+"\nexit "+status+"\n")
		r := gitedit(t, dir, "", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit")
		require.Equal(t, status == "0", r.code == 0, r.stderr)
		require.Contains(t, r.stderr, "^[[31mred^[]0;title^G", "exit %s", status)
		require.False(t, strings.ContainsAny(r.stderr, "\x1b\x07"), "raw control bytes in %q", r.stderr)
	}
}
