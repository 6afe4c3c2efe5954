package integration

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestEmptySignatureIsRefused runs a signing program that succeeds but
// gives no signature (openpgp: SIG_CREATED on the status output, nothing
// on standard output; ssh: an empty .sig file). gitedit refuses the
// commit and changes nothing; it wrote a "gpgsig" header with no value.
// git 2.39 writes the commit unsigned (or, for a blank line, with a
// blank "gpgsig " header), as checked here: gitedit never makes a commit
// asked to be signed without a signature (docs/reference.md).
func TestEmptySignatureIsRefused(t *testing.T) {
	bin := t.TempDir()
	gpg := filepath.Join(bin, "empty-gpg")
	blank := filepath.Join(bin, "blank-gpg")
	ssh := filepath.Join(bin, "empty-ssh")
	key := filepath.Join(bin, "key")
	gpgScript := "#!/bin/sh\ncat >/dev/null\necho '[GNUPG:] KEY_CONSIDERED x 0' >&2\necho '[GNUPG:] SIG_CREATED D 22 8 00 1 x' >&2\n"
	require.NoError(t, os.WriteFile(gpg, []byte(gpgScript), 0o755))
	require.NoError(t, os.WriteFile(blank, []byte(gpgScript+"echo\n"), 0o755))
	require.NoError(t, os.WriteFile(ssh, []byte("#!/bin/sh\nfor last; do :; done\n: > \"$last.sig\"\n"), 0o755))
	require.NoError(t, os.WriteFile(key, []byte("not a key\n"), 0o600))
	for _, c := range []struct {
		name string
		cfg  [][2]string
		git  string // the gpgsig header git writes
	}{
		{"openpgp", [][2]string{{"gpg.program", gpg}}, ""},
		{"openpgp blank line", [][2]string{{"gpg.program", blank}}, "gpgsig \n"},
		{"ssh", [][2]string{{"gpg.format", "ssh"}, {"gpg.ssh.program", ssh}, {"user.signingKey", key}}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
			for _, kv := range append(c.cfg, [2]string{"commit.gpgSign", "true"}) {
				git(t, dir, "config", kv[0], kv[1])
			}
			before := take(t, dir)
			r := gitedit(t, dir, "", "edit", "a.txt", "--old", "one", "--new", "two", "--commit")
			require.Equal(t, 1, r.code, "%+v\n%s", r, git(t, dir, "cat-file", "commit", "HEAD"))
			require.Contains(t, r.stderr, "gave no signature")
			requireUnchanged(t, before, take(t, dir))
			git(t, dir, "commit", "--allow-empty", "-qm", "by git")
			raw := fixtures.Git(t, dir, "cat-file", "commit", "HEAD")
			header := ""
			if i := strings.Index(raw, "gpgsig"); i >= 0 {
				header = raw[i : i+strings.IndexByte(raw[i:], '\n')+1]
			}
			require.Equal(t, c.git, header, "git 2.39 writes the commit unsigned, or with a blank signature")
		})
	}
}
