package integration

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestLatin1IdentityAndMessageAsGitCommitWritesThem: a user.name and a
// -m message holding a Latin-1 byte (not UTF-8), with no
// i18n.commitEncoding: git commit takes the bytes as Latin-1 and writes
// them as UTF-8 (verify_utf8 over the whole commit), so the name stays
// "José". gitedit turned the name's byte into U+FFFD and kept the
// message's raw. Compared byte for byte with git commit's author,
// committer and message; with i18n.commitEncoding=ISO-8859-1 both keep
// the name's raw byte.
func TestLatin1IdentityAndMessageAsGitCommitWritesThem(t *testing.T) {
	for _, enc := range []string{"", "ISO-8859-1"} {
		t.Run("encoding="+enc, func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
			git(t, dir, "config", "user.name", "Jos\xe9 M\xfcller")
			git(t, dir, "config", "user.email", "jose@x")
			msg := "caf\xe9 cr\xe8me"
			if enc != "" {
				git(t, dir, "config", "i18n.commitEncoding", enc)
				msg = "plain" // gitedit writes only ASCII messages under another encoding
			}
			env := gateEnv(dir)
			r := runIn(t, dir, env, "", "gitedit", "edit", "a.txt", "--old", "one", "--new", "two", "--commit", "-m", msg)
			require.Equal(t, 0, r.code, r.stderr)
			ours := git(t, dir, "cat-file", "commit", "HEAD")
			g := runIn(t, dir, env, "", "git", "commit", "--allow-empty", "-q", "-m", msg)
			require.Equal(t, 0, g.code, g.stderr)
			theirs := git(t, dir, "cat-file", "commit", "HEAD")
			for _, key := range []string{"author", "committer", "encoding"} {
				require.Equal(t, maskTime(headerLine(t, dir, "HEAD", key)), maskTime(headerLine(t, dir, "HEAD~1", key)), key)
			}
			subject := func(raw string) string {
				_, m, _ := strings.Cut(raw, "\n\n")
				s, _, _ := strings.Cut(m, "\n")
				return s
			}
			require.Equal(t, subject(theirs), subject(ours))
			if enc == "" {
				require.Contains(t, ours, "author Jos\u00e9 M\u00fcller <jose@x>")
				require.Equal(t, "caf\u00e9 cr\u00e8me", subject(ours))
			}
		})
	}
}
