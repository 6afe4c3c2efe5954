package integration

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// signRepo is a repository whose commits are signed by config, with the
// environment that verifies them.
type signRepo struct {
	dir string
	env []string
}

// sshSignRepo configures commit.gpgSign with an ssh key made for the test
// and an allowed_signers file that git verify-commit trusts.
func sshSignRepo(t *testing.T) signRepo {
	t.Helper()
	if _, err := exec.LookPath("ssh-keygen"); err != nil {
		t.Skip("ssh-keygen not installed: ssh signing untested here")
	}
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\ntwo\nthree\n", "b.txt": "alpha\n"})
	key := filepath.Join(t.TempDir(), "id_ed25519")
	out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "test", "-f", key).CombinedOutput()
	require.NoError(t, err, string(out))
	pub, err := os.ReadFile(key + ".pub")
	require.NoError(t, err)
	allowed := filepath.Join(t.TempDir(), "allowed_signers")
	require.NoError(t, os.WriteFile(allowed, []byte(fixtures.Email+" "+string(pub)), 0o644))
	for _, kv := range [][2]string{{"commit.gpgSign", "true"}, {"gpg.format", "ssh"}, {"user.signingKey", key}, {"gpg.ssh.allowedSignersFile", allowed}} {
		git(t, dir, "config", kv[0], kv[1])
	}
	return signRepo{dir: dir, env: fixtures.Env(fixtures.Home(dir))}
}

// verified requires git verify-commit to accept rev.
func (s signRepo) verified(t *testing.T, rev string) {
	t.Helper()
	r := runIn(t, s.dir, s.env, "", "git", "verify-commit", "-v", rev)
	require.Equal(t, 0, r.code, "git verify-commit %s: %s%s\n%s", rev, r.stdout, r.stderr, git(t, s.dir, "cat-file", "commit", rev))
}

func TestSSHSignedCommitsOfEveryKindVerify(t *testing.T) {
	s := sshSignRepo(t)
	gitedit := func(stdin string, args ...string) {
		t.Helper()
		r := runIn(t, s.dir, s.env, stdin, "gitedit", args...)
		require.Equal(t, 0, r.code, "gitedit %v: %s%s", args, r.stdout, r.stderr)
		s.verified(t, "HEAD")
	}
	gitedit("", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit")
	gitedit(`{"message":"two files","operations":[{"file_path":"a.txt","old_string":"two","new_string":"dos"},{"file_path":"b.txt","old_string":"alpha","new_string":"beta"}]}`, "batch", "-", "--commit")
	gitedit("*** Begin Patch\n*** Update File: b.txt\n@@\n-beta\n+gamma\n*** End Patch\n", "patch", "-", "--commit")
	gitedit("", "undo")
	write(t, s.dir, ".gitedit.yaml", "- name: r\n  files: [\"*.txt\"]\n  edits:\n    - old_string: three\n      new_string: tres\n")
	git(t, s.dir, "add", ".gitedit.yaml")
	git(t, s.dir, "-c", "commit.gpgSign=false", "commit", "-qm", "recipe")
	gitedit("", "run", "--commit")
	write(t, s.dir, "b.txt", "beta edited by hand\n")
	gitedit("", "edit", "b.txt", "--old", "hand", "--new", "agent", "--commit", "--dirty", "commit-first")
	s.verified(t, "HEAD~1") // the commit of the existing changes
	require.Contains(t, git(t, s.dir, "log", "-1", "--skip=1", "--format=%s"), "Commit existing changes")
	requireHealthy(t, s.dir)
}

func TestSignFlagsOverrideConfig(t *testing.T) {
	s := sshSignRepo(t)
	r := runIn(t, s.dir, s.env, "", "gitedit", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit", "--no-gpg-sign")
	require.Equal(t, 0, r.code, r.stderr)
	require.Empty(t, headerLine(t, s.dir, "HEAD", "gpgsig"), "--no-gpg-sign commit is signed")
	git(t, s.dir, "config", "commit.gpgSign", "false")
	r = runIn(t, s.dir, s.env, "", "gitedit", "edit", "a.txt", "--old", "two", "--new", "dos", "--commit", "-S")
	require.Equal(t, 0, r.code, r.stderr)
	s.verified(t, "HEAD")
	key := git(t, s.dir, "config", "user.signingKey")
	git(t, s.dir, "config", "--unset", "user.signingKey")
	r = runIn(t, s.dir, s.env, "", "gitedit", "edit", "--gpg-sign="+key, "a.txt", "--old", "three", "--new", "tres", "--commit")
	require.Equal(t, 0, r.code, r.stderr)
	s.verified(t, "HEAD")
	pub, err := os.ReadFile(key + ".pub")
	require.NoError(t, err)
	// A literal key (from gpg.ssh.defaultKeyCommand) signs through the
	// ssh agent that holds it.
	s.env = append(s.env, "SSH_AUTH_SOCK="+startAgent(t, key))
	git(t, s.dir, "config", "gpg.ssh.defaultKeyCommand", "cat '"+key+".pub'")
	r = runIn(t, s.dir, s.env, "", "gitedit", "edit", "-S", "b.txt", "--old", "alpha", "--new", "beta", "--commit")
	require.Equal(t, 0, r.code, "defaultKeyCommand (%s): %s", pub, r.stderr)
	s.verified(t, "HEAD")
	git(t, s.dir, "config", "user.signingKey", "key::"+strings.TrimSpace(string(pub)))
	r = runIn(t, s.dir, s.env, "", "gitedit", "edit", "-S", "b.txt", "--old", "beta", "--new", "gamma", "--commit")
	require.Equal(t, 0, r.code, "key:: literal: %s", r.stderr)
	s.verified(t, "HEAD")
}

// startAgent starts an ssh-agent holding key for the test and returns its
// socket.
func startAgent(t *testing.T, key string) string {
	t.Helper()
	sock := filepath.Join(t.TempDir(), "agent.sock")
	out, err := exec.Command("ssh-agent", "-a", sock, "-s").Output()
	if err != nil {
		t.Skipf("ssh-agent cannot start here: %v", err)
	}
	for _, part := range strings.Split(string(out), ";") {
		if pid, ok := strings.CutPrefix(strings.TrimSpace(part), "SSH_AGENT_PID="); ok {
			t.Cleanup(func() { _ = exec.Command("kill", pid).Run() })
		}
	}
	add := exec.Command("ssh-add", "-q", key)
	add.Env = append(os.Environ(), "SSH_AUTH_SOCK="+sock)
	out, err = add.CombinedOutput()
	require.NoError(t, err, string(out))
	return sock
}

func TestFailingSignerChangesNothing(t *testing.T) {
	s := sshSignRepo(t)
	fail := filepath.Join(t.TempDir(), "failing-signer")
	require.NoError(t, os.WriteFile(fail, []byte("#!/bin/sh\necho 'signer: key locked' >&2\nexit 3\n"), 0o755))
	for _, kv := range [][]string{
		{"gpg.ssh.program", fail},
		{"user.signingKey", filepath.Join(t.TempDir(), "missing-key")},
	} {
		t.Run(kv[0], func(t *testing.T) {
			git(t, s.dir, "config", kv[0], kv[1])
			defer git(t, s.dir, "config", "--unset", kv[0])
			if kv[0] == "user.signingKey" {
				defer git(t, s.dir, "config", "user.signingKey", git(t, s.dir, "config", "user.signingKey"))
			}
			before := take(t, s.dir)
			r := runIn(t, s.dir, s.env, "", "gitedit", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit")
			require.Equal(t, 1, r.code, "stdout: %s stderr: %s", r.stdout, r.stderr)
			require.Contains(t, r.stderr, "signing the commit failed")
			requireUnchanged(t, before, take(t, s.dir))
			g := runIn(t, s.dir, s.env, "", "git", "commit", "--allow-empty", "-qm", "x")
			require.NotEqual(t, 0, g.code, "git commit signs where gitedit failed")
		})
	}
}

func TestOpenPGPSignedCommitVerifies(t *testing.T) {
	if _, err := exec.LookPath("gpg"); err != nil {
		t.Skip("gpg not installed: openpgp signing untested here")
	}
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	home := filepath.Join(t.TempDir(), "gnupg")
	require.NoError(t, os.MkdirAll(home, 0o700))
	env := append(fixtures.Env(fixtures.Home(dir)), "GNUPGHOME="+home)
	gen := exec.Command("gpg", "--batch", "--quiet", "--passphrase", "", "--quick-gen-key", fixtures.Name+" <"+fixtures.Email+">", "ed25519", "sign", "never")
	gen.Env = env
	if out, err := gen.CombinedOutput(); err != nil {
		t.Skipf("gpg cannot generate a key here (%v: %s): openpgp signing untested", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("gpgconf", "--homedir", home, "--kill", "all").Run() })
	git(t, dir, "config", "commit.gpgSign", "true")
	r := runIn(t, dir, env, "", "gitedit", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit")
	require.Equal(t, 0, r.code, r.stderr)
	require.True(t, strings.HasPrefix(headerLine(t, dir, "HEAD", "gpgsig"), "-----BEGIN PGP SIGNATURE-----"))
	v := runIn(t, dir, env, "", "git", "verify-commit", "HEAD")
	require.Equal(t, 0, v.code, v.stderr)
	// The same payload git signs: git commit -S in the same set-up
	// writes the same header layout.
	g := runIn(t, dir, env, "", "git", "commit", "--allow-empty", "-qm", "by git")
	require.Equal(t, 0, g.code, g.stderr)
	require.True(t, strings.HasPrefix(headerLine(t, dir, "HEAD", "gpgsig"), "-----BEGIN PGP SIGNATURE-----"))
	r = runIn(t, dir, env, "", "gitedit", "undo", "HEAD~1")
	require.Equal(t, 0, r.code, r.stderr)
	v = runIn(t, dir, env, "", "git", "verify-commit", "HEAD")
	require.Equal(t, 0, v.code, v.stderr)
}

// A signing program that exits without reading a large payload: git
// ignores SIGPIPE there and reports the signing failure; so must gitedit
// (its SIGPIPE handling used to turn this into an interruption, 141).
func TestSignerThatDoesNotReadThePayloadFailsAsSigning(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	fail := filepath.Join(t.TempDir(), "gpg")
	require.NoError(t, os.WriteFile(fail, []byte("#!/bin/sh\necho 'no card' >&2\nexit 2\n"), 0o755))
	git(t, dir, "config", "gpg.program", fail)
	before := take(t, dir)
	r := gitedit(t, dir, "", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit", "-S", "-m", "big\n\n"+strings.Repeat("x", 120000))
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stderr, "no card")
	requireUnchanged(t, before, take(t, dir))
}

func TestX509SignedCommitVerifies(t *testing.T) {
	if _, err := exec.LookPath("gpgsm"); err != nil {
		t.Skip("gpgsm not installed: x509 signing untested here")
	}
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	home := filepath.Join(t.TempDir(), "gnupg")
	require.NoError(t, os.MkdirAll(home, 0o700))
	env := append(fixtures.Env(fixtures.Home(dir)), "GNUPGHOME="+home)
	t.Cleanup(func() { _ = exec.Command("gpgconf", "--homedir", home, "--kill", "all").Run() })
	fpr, err := x509Key(home, env)
	if err != nil {
		t.Skipf("gpgsm cannot make a self-signed certificate here (%v): x509 signing untested", err)
	}
	for _, kv := range [][2]string{{"gpg.format", "x509"}, {"user.signingKey", fpr}, {"commit.gpgSign", "true"}} {
		git(t, dir, "config", kv[0], kv[1])
	}
	r := runIn(t, dir, env, "", "gitedit", "edit", "a.txt", "--old", "one", "--new", "uno", "--commit")
	require.Equal(t, 0, r.code, r.stderr)
	require.True(t, strings.HasPrefix(headerLine(t, dir, "HEAD", "gpgsig"), "-----BEGIN SIGNED MESSAGE-----"), git(t, dir, "cat-file", "commit", "HEAD"))
	v := runIn(t, dir, env, "", "git", "verify-commit", "HEAD")
	require.Equal(t, 0, v.code, v.stderr)
}

// x509Key makes a self-signed signing certificate with gpgsm in home,
// trusts it, and returns its fingerprint.
func x509Key(home string, env []string) (string, error) {
	params := "Key-Type: RSA\nKey-Length: 2048\nKey-Usage: sign\nSerial: random\nName-DN: CN=" + fixtures.Name + "\nName-Email: " + fixtures.Email + "\n"
	file := filepath.Join(home, "params")
	if err := os.WriteFile(file, []byte(params), 0o600); err != nil {
		return "", err
	}
	gen := exec.Command("gpgsm", "--batch", "--pinentry-mode", "loopback", "--passphrase", "", "--gen-key", file)
	gen.Env = env
	cert, err := gen.Output()
	if err != nil {
		return "", err
	}
	imp := exec.Command("gpgsm", "--batch", "--import")
	imp.Env, imp.Stdin = env, strings.NewReader(string(cert))
	if out, err := imp.CombinedOutput(); err != nil {
		return "", fmt.Errorf("import: %v: %s", err, out)
	}
	list := exec.Command("gpgsm", "--with-colons", "--list-keys")
	list.Env = env
	out, err := list.Output()
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Split(line, ":"); f[0] == "fpr" && len(f) > 9 {
			trust := f[9] + " S relax\n"
			if err := os.WriteFile(filepath.Join(home, "trustlist.txt"), []byte(trust), 0o600); err != nil {
				return "", err
			}
			return f[9], os.WriteFile(filepath.Join(home, "gpgsm.conf"), []byte("disable-crl-checks\n"), 0o600)
		}
	}
	return "", fmt.Errorf("no fingerprint in %q", out)
}
