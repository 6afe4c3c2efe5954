package integration

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestCommitDatesAgreeWithGit sets GIT_COMMITTER_DATE and GIT_AUTHOR_DATE
// to dates git reads strictly, leniently (a zone it ignores: out of range,
// too many digits) or not at all, in a non-UTC local zone: gitedit's
// commit carries the date and zone `git var` gives, or is refused where
// git refuses, and git fsck --strict accepts every commit.
func TestCommitDatesAgreeWithGit(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": "0\n"})
	dates := []string{
		"1700000000 +9999", "1700000000 -1260", "1700000000 +0060", "1700000000 +100000",
		"1700000000 +01:30", "1700000000 +14", "1700000000 +5", "1700000000 +2359", "1700000000 -0000",
		"@1700000000 +0200", "1700000000", "2026-01-02 03:04:05 +0530", "2026-01-02T03:04:05Z",
		"2005-04-07T22:13:13+25:00", "Thu, 07 Apr 2005 22:13:13 +9999", "Thu, 07 Apr 2005 22:13:13 +0200",
		"2026-01-02T03:04:05", "garbage", "yesterday", "99999999999999999999 +0000",
		// Bounds git applies: bare seconds from 100000000 to 2099, calendar
		// years 1970-2099; "@" takes any seconds and any four-digit zone.
		"0 +0000", "99999999 +0000", "100000000 +0000", "4102444799 +0000", "4102444800 +0000",
		"4102444800", "99999999999999 +0000", "@0 +0000", "@4102444800 +0000", "@1700000000 +2400",
		"@1700000000 -0060", "@1700000000 +01", "@1700000000 +00100", "1970-01-01T00:00:00Z",
		"1969-12-31T23:59:59Z", "2099-12-31T23:59:59Z", "2100-01-01T00:00:00Z",
		"Fri, 01 Jan 2100 00:00:00 +0000", "1970-01-01T00:00:00-0100",
	}
	for i, date := range dates {
		env := append(fixtures.Env(fixtures.Home(dir)), "TZ=Asia/Kathmandu", "GIT_COMMITTER_DATE="+date, "GIT_AUTHOR_DATE="+date)
		want, gitErr := identDate(dir, env)
		cmd := exec.Command(binary, "edit", "f.txt", "--old", fmt.Sprintf("%d\n", i), "--new", fmt.Sprintf("%d\n", i+1), "--commit")
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		if gitErr != nil {
			require.Error(t, err, "%q: git refuses it, gitedit must too: %s", date, out)
			require.Contains(t, string(out), "invalid_input")
			write(t, dir, "f.txt", fmt.Sprintf("%d\n", i+1))
			fixtures.Git(t, dir, "commit", "-qam", "step")
			continue
		}
		require.NoError(t, err, "%q: %s", date, out)
		for _, role := range []string{"author", "committer"} {
			line := git(t, dir, "log", "-1", "--format=%"+map[string]string{"author": "ad", "committer": "cd"}[role], "--date=raw")
			require.Equal(t, want, line, "%s date of %q", role, date)
		}
	}
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress")
	require.NoError(t, err, "git fsck: %s", out)
}

// TestCommitDatesGitWouldWriteBadAreRefused: for these dates git commit
// writes a five-digit zone or a wrapped-around time that its own fsck
// refuses (badTimezone, badDateOverflow); gitedit refuses them instead and
// changes nothing.
func TestCommitDatesGitWouldWriteBadAreRefused(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"f.txt": "0\n"})
	before := take(t, dir)
	for _, date := range []string{"@1700000000 +9999", "@1700000000 -9960", "1970-01-01T00:00:00+0100"} {
		env := append(fixtures.Env(fixtures.Home(dir)), "TZ=UTC", "GIT_COMMITTER_DATE="+date)
		_, gitErr := identDate(dir, env)
		require.NoError(t, gitErr, "%q: git takes it", date)
		r := runIn(t, dir, env, "", "gitedit", "edit", "f.txt", "--old", "0", "--new", "1", "--commit")
		require.Equal(t, 2, r.code, "%q: %+v", date, r)
		require.Contains(t, r.stderr, "invalid_input", date)
	}
	requireUnchanged(t, before, take(t, dir))
}

// identDate is the "<seconds> <zone>" git var gives for the committer.
func identDate(dir string, env []string) (string, error) {
	cmd := exec.Command("git", "var", "GIT_COMMITTER_IDENT")
	cmd.Dir, cmd.Env = dir, env
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return "", err
	}
	ident := strings.TrimSpace(out.String())
	return ident[strings.LastIndex(ident, ">")+2:], nil
}
