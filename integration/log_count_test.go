package integration

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// gitedit log takes the commit count in every spelling git log takes it
// (-n1 was an unknown flag "n1", -1 and --max-count unknown too) and
// lists the commits git log lists with it, -n 0 none (it listed all).
// Three gitedit commits on a commit made by hand: up to 3 the newest N
// are all gitedit's, so the lists must be equal.
func TestLogCountFlagsAsGitLog(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": "a\nb\nc\n"})
	for _, l := range []string{"a", "b", "c"} {
		ok(t, dir, "edit", "f.txt", "--old", l, "--new", strings.ToUpper(l), "--commit")
	}
	for _, form := range [][]string{{"-n1"}, {"-n", "1"}, {"-n2"}, {"--max-count=1"}, {"--max-count", "2"},
		{"-1"}, {"-3"}, {"-n0"}, {"-n", "0"}, {"-0"}, {"--max-count=0"}} {
		want := git(t, dir, append([]string{"log", "--format=%h %s"}, form...)...)
		args := append([]string{"log", "--oneline"}, form...)
		got := ok(t, dir, append(args, "--file", "-3")...) // -3 as a value is a file name, not a count
		require.Equal(t, "", got.stdout, "%v: no commit touches a file named -3", form)
		got = ok(t, dir, args...)
		require.Equal(t, want, strings.TrimSuffix(got.stdout, "\n"), "%v", form)
	}
}

// A negative count is no limit to git log (-n -1, --max-count=-1,
// -n-1): gitedit log lists every gitedit commit with it, as git log
// lists the commits whose message has an Edit-Tool trailer (it was
// invalid_input, and -n-1 an unknown flag).
func TestLogNegativeCountIsNoLimitAsGitLog(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": "a\nb\nc\n"})
	for _, l := range []string{"a", "b", "c"} {
		ok(t, dir, "edit", "f.txt", "--old", l, "--new", strings.ToUpper(l), "--commit")
	}
	for _, form := range [][]string{{"-n", "-1"}, {"--max-count=-1"}, {"-n-1"}, {"--max-count", "-5"}, {"-n-2"}} {
		want := git(t, dir, append([]string{"log", "--format=%h %s", "--grep=^Edit-Tool: "}, form...)...)
		require.Equal(t, 3, strings.Count(want, "\n")+1, "%v: git log lists every commit", form)
		got := ok(t, dir, append([]string{"log", "--oneline"}, form...)...)
		require.Equal(t, want, strings.TrimSuffix(got.stdout, "\n"), "%v", form)
	}
}
