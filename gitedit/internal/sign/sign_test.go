package sign

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestAddHeaderRebuildsGitsSignedCommit has git sign a commit with an ssh
// key, removes the gpgsig header, signs the payload again with Signer and
// checks that AddHeader puts the header back byte for byte where git put
// it (ssh signatures of the same payload and key are deterministic).
func TestAddHeaderRebuildsGitsSignedCommit(t *testing.T) {
	if _, err := exec.LookPath("ssh-keygen"); err != nil {
		t.Skip("ssh-keygen not installed")
	}
	dir := t.TempDir()
	key := filepath.Join(dir, "key")
	run(t, dir, "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key)
	repo := filepath.Join(dir, "r")
	run(t, dir, "git", "init", "-q", repo)
	run(t, repo, "git", "-c", "gpg.format=ssh", "-c", "user.signingKey="+key, "-c", "user.name=N", "-c", "user.email=e@x",
		"commit", "-q", "-S", "--allow-empty", "-m", "subject\n\nbody line\n")
	signed := []byte(run(t, repo, "git", "cat-file", "commit", "HEAD"))
	payload, sig := strip(signed)
	got, err := Signer{Format: SSH, Program: "ssh-keygen", Key: key}.Sign(context.Background(), payload)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, sig) {
		t.Fatalf("signature differs:\n%s\nwant\n%s", got, sig)
	}
	if rebuilt := AddHeader(payload, got); !bytes.Equal(rebuilt, signed) {
		t.Fatalf("AddHeader =\n%s\ngit wrote\n%s", rebuilt, signed)
	}
}

// strip removes the gpgsig header (and its continuation lines) and
// returns the payload and the signature.
func strip(commit []byte) (payload, sig []byte) {
	lines := strings.SplitAfter(string(commit), "\n")
	var out, s strings.Builder
	in := false
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "gpgsig "):
			in = true
			s.WriteString(strings.TrimPrefix(l, "gpgsig "))
		case in && strings.HasPrefix(l, " "):
			s.WriteString(l[1:])
		default:
			in = false
			out.WriteString(l)
			if l == "\n" {
				out.WriteString(strings.Join(lines[i+1:], ""))
				return []byte(out.String()), []byte(s.String())
			}
		}
	}
	return []byte(out.String()), []byte(s.String())
}

func run(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return string(out)
}

func TestAddHeaderIndentsSignatureLinesAfterTheHeaders(t *testing.T) {
	commit := []byte("tree t\nauthor a\ncommitter c\n\nmsg\n\nbody\n")
	got := string(AddHeader(commit, []byte("L1\n\nL3\n")))
	want := "tree t\nauthor a\ncommitter c\ngpgsig L1\n \n L3\n\nmsg\n\nbody\n"
	if got != want {
		t.Errorf("AddHeader = %q, want %q", got, want)
	}
}

func TestSplitCommandLineHonoursQuotesAndBackslashes(t *testing.T) {
	for in, want := range map[string][]string{
		`ssh-add -L`:               {"ssh-add", "-L"},
		`  cat  'a b'  "c d" e\ f`: {"cat", "a b", "c d", "e f"},
		`x "a\"b" 'c\d'`:           {"x", `a"b`, `c\d`},
		`x ''`:                     {"x", ""},
	} {
		got, err := SplitCommandLine(in)
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("SplitCommandLine(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := SplitCommandLine(`a 'b`); err == nil {
		t.Error("unclosed quote accepted")
	}
}

func TestGPGSignatureWithoutSigCreatedIsRefused(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "fake-gpg")
	// Exits 0 and prints a signature, but no SIG_CREATED status line:
	// git refuses that, and so must Sign.
	if err := os.WriteFile(fake, []byte("#!/bin/sh\ncat >/dev/null\necho sig\necho '[GNUPG:] KEY_CONSIDERED x' >&2\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, err := Signer{Format: OpenPGP, Program: fake, Committer: "N <e@x>"}.Sign(context.Background(), []byte("payload"))
	if err == nil || !strings.Contains(err.Error(), "gpg failed to sign the data") {
		t.Fatalf("err = %v", err)
	}
	ok := filepath.Join(dir, "ok-gpg")
	script := "#!/bin/sh\n[ \"$1 $2 $3\" = \"--status-fd=2 -bsau N <e@x>\" ] || exit 9\ncat >/dev/null\nprintf 'sig\\r\\n'\necho '[GNUPG:] SIG_CREATED D 22 8 00 1 F' >&2\n"
	if err := os.WriteFile(ok, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	sig, err := Signer{Format: X509, Program: ok, Committer: "N <e@x>"}.Sign(context.Background(), []byte("payload"))
	if err != nil || string(sig) != "sig\n" {
		t.Fatalf("sig = %q, %v", sig, err)
	}
}

// TestDefaultProgramPerFormat checks git's default program of each
// gpg.format, and that other formats (case matters, as in git) have none.
func TestDefaultProgramPerFormat(t *testing.T) {
	for format, want := range map[string]string{OpenPGP: "gpg", X509: "gpgsm", SSH: "ssh-keygen", "": "", "OpenPGP": "", "pgp": ""} {
		got, ok := DefaultProgram(format)
		if got != want || ok != (want != "") {
			t.Errorf("DefaultProgram(%q) = %q, %v; want %q", format, got, ok, want)
		}
	}
}
