// Package sign signs commit payloads the way git's gpg-interface.c does:
// it runs the configured program (gpg --status-fd=2 -bsau KEY for
// openpgp, gpgsm the same way for x509, ssh-keygen -Y sign -n git -f KEY
// for ssh) and returns its signature, and it inserts a signature into a
// commit as the gpgsig header, as git's commit.c does. The program is
// waited for, not the end of its output, and a caught signal stops it
// (see package child).
package sign

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/child"
	"github.com/gitedit/gitedit/gitedit/internal/stdinfile"
)

// The signature formats of gpg.format.
const (
	OpenPGP = "openpgp"
	X509    = "x509"
	SSH     = "ssh"
)

// DefaultProgram returns format's program when gpg.<format>.program (or,
// for openpgp, gpg.program) is not set; false for an unknown format. (A
// switch, not a map: a map would be built when the program starts.)
func DefaultProgram(format string) (string, bool) {
	switch format {
	case OpenPGP:
		return "gpg", true
	case X509:
		return "gpgsm", true
	case SSH:
		return "ssh-keygen", true
	}
	return "", false
}

// Signer is a resolved signing configuration.
type Signer struct {
	// Format is OpenPGP, X509 or SSH.
	Format string
	// Program is the signing program (looked up in PATH as git does).
	Program string
	// Key is the signing key: --gpg-sign=KEY or user.signingKey; "" takes
	// the default (the committer "Name <email>" for openpgp and x509,
	// gpg.ssh.defaultKeyCommand's first line for ssh).
	Key string
	// DefaultKeyCommand is gpg.ssh.defaultKeyCommand.
	DefaultKeyCommand string
	// Committer is "Name <email>", the default openpgp and x509 key.
	Committer string
	// Home expands a leading "~/" in an ssh key path.
	Home string
}

// Sign returns the detached signature of payload. When ctx ends, the
// signing program is stopped (the error is then a *child.Stopped).
func (s Signer) Sign(ctx context.Context, payload []byte) ([]byte, error) {
	switch s.Format {
	case OpenPGP, X509:
		key := s.Key
		if key == "" {
			key = s.Committer
		}
		return s.signGPG(ctx, payload, key)
	case SSH:
		key := s.Key
		if key == "" {
			var err error
			if key, err = s.defaultSSHKey(ctx); err != nil {
				return nil, err
			}
		}
		return s.signSSH(ctx, payload, key)
	}
	return nil, fmt.Errorf("unknown signature format %q", s.Format)
}

// signGPG runs "PROGRAM --status-fd=2 -bsau KEY" with payload on standard
// input; it succeeds only when the status output holds a line starting
// "[GNUPG:] SIG_CREATED ", as git requires.
func (s Signer) signGPG(ctx context.Context, payload []byte, key string) ([]byte, error) {
	cmd := exec.Command(s.Program, "--status-fd=2", "-bsau", key)
	in, err := stdinfile.New(payload)
	if err != nil {
		return nil, fmt.Errorf("could not create temporary file: %w", err)
	}
	defer in.Close()
	cmd.Stdin = in
	var out, status bytes.Buffer
	err = child.Run(ctx, cmd, child.Output{Stdout: &out, Stderr: &status})
	if child.IsStopped(err) {
		return nil, err
	}
	if err != nil || !sigCreated(status.String()) {
		msg := status.String()
		if msg == "" {
			msg = "(no gpg output)"
		}
		if err != nil && !errors.As(err, new(*exec.ExitError)) {
			msg = err.Error()
		}
		return nil, fmt.Errorf("gpg failed to sign the data:\n%s", strings.TrimRight(msg, "\n"))
	}
	return dropCR(out.Bytes()), nil
}

// sigCreated reports whether a status line starts "[GNUPG:] SIG_CREATED ".
func sigCreated(status string) bool {
	for _, line := range strings.Split(status, "\n") {
		if strings.HasPrefix(line, "[GNUPG:] SIG_CREATED ") {
			return true
		}
	}
	return false
}

// literalKey returns the key of "key::<key>" or "ssh-…", as git's
// is_literal_ssh_key accepts it.
func literalKey(s string) (string, bool) {
	if k, ok := strings.CutPrefix(s, "key::"); ok {
		return k, true
	}
	return s, strings.HasPrefix(s, "ssh-")
}

// signSSH writes payload (and a literal key) to temporary files and runs
// "PROGRAM -Y sign -n git -f KEYFILE [-U] BUFFER", then reads BUFFER.sig.
func (s Signer) signSSH(ctx context.Context, payload []byte, key string) ([]byte, error) {
	if key == "" {
		return nil, errors.New("user.signingKey needs to be set for ssh signing")
	}
	keyFile, literal := s.expandHome(key), false
	if k, ok := literalKey(key); ok {
		f, err := tempWith(".git_signing_key_tmp", []byte(k))
		if err != nil {
			return nil, err
		}
		defer os.Remove(f)
		keyFile, literal = f, true
	}
	buf, err := tempWith(".git_signing_buffer_tmp", payload)
	if err != nil {
		return nil, err
	}
	defer os.Remove(buf)
	defer os.Remove(buf + ".sig")
	return s.runSSH(ctx, keyFile, buf, literal)
}

// runSSH runs ssh-keygen -Y sign and reads the signature it wrote.
func (s Signer) runSSH(ctx context.Context, keyFile, buf string, literal bool) ([]byte, error) {
	args := []string{"-Y", "sign", "-n", "git", "-f", keyFile}
	if literal {
		args = append(args, "-U")
	}
	cmd := exec.Command(s.Program, append(args, buf)...)
	var stderr bytes.Buffer
	if err := child.Run(ctx, cmd, child.Output{Stderr: &stderr}); err != nil {
		if child.IsStopped(err) {
			return nil, err
		}
		msg := strings.TrimSpace(stderr.String())
		if strings.Contains(msg, "usage:") {
			msg = "ssh-keygen -Y sign is needed for ssh signing (available in openssh version 8.2p1+)\n" + msg
		}
		if msg == "" {
			msg = err.Error()
		}
		return nil, fmt.Errorf("ssh signing failed: %s", msg)
	}
	sig, err := os.ReadFile(buf + ".sig")
	if err != nil {
		return nil, fmt.Errorf("failed reading ssh signing data buffer from '%s.sig': %w", buf, err)
	}
	return dropCR(sig), nil
}

// defaultSSHKey runs gpg.ssh.defaultKeyCommand and returns its first
// line when that is a literal ssh key.
func (s Signer) defaultSSHKey(ctx context.Context) (string, error) {
	if s.DefaultKeyCommand == "" {
		return "", errors.New("either user.signingkey or gpg.ssh.defaultKeyCommand needs to be configured")
	}
	argv, err := SplitCommandLine(s.DefaultKeyCommand)
	if err != nil || len(argv) == 0 {
		return "", fmt.Errorf("malformed gpg.ssh.defaultKeyCommand %q", s.DefaultKeyCommand)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	var out, stderr bytes.Buffer
	if err := child.Run(ctx, cmd, child.Output{Stdout: &out, Stderr: &stderr}); err != nil {
		if child.IsStopped(err) {
			return "", err
		}
		return "", fmt.Errorf("gpg.ssh.defaultKeyCommand failed: %v %s", err, strings.TrimSpace(stderr.String()))
	}
	first, _, _ := strings.Cut(out.String(), "\n")
	if _, ok := literalKey(first); !ok {
		return "", fmt.Errorf("gpg.ssh.defaultKeyCommand succeeded but returned no keys: %s", strings.TrimSpace(out.String()))
	}
	return first, nil
}

// expandHome expands a leading "~/" as git's interpolate_path does.
func (s Signer) expandHome(p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok && s.Home != "" {
		return filepath.Join(s.Home, rest)
	}
	return p
}

// tempWith writes data to a new temporary file named prefix+random.
func tempWith(prefix string, data []byte) (string, error) {
	f, err := os.CreateTemp("", prefix+"*")
	if err != nil {
		return "", fmt.Errorf("could not create temporary file: %w", err)
	}
	_, werr := f.Write(data)
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("write %s: %w", f.Name(), werr)
	}
	return f.Name(), nil
}

// dropCR removes carriage returns, as git's remove_cr_after does.
func dropCR(b []byte) []byte { return bytes.ReplaceAll(b, []byte("\r"), nil) }

// AddHeader inserts sig into the commit object content as the gpgsig
// header, after the other headers: "gpgsig" and each line of sig after a
// space, as git's add_header_signature writes it.
func AddHeader(commit, sig []byte) []byte {
	eoh := bytes.Index(commit, []byte("\n\n"))
	if eoh < 0 {
		eoh = len(commit) - 1
	}
	var h bytes.Buffer
	h.WriteString("gpgsig")
	for rest := sig; len(rest) > 0; {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line = rest[:i+1]
		}
		h.WriteByte(' ')
		h.Write(line)
		rest = rest[len(line):]
	}
	out := make([]byte, 0, len(commit)+h.Len())
	out = append(out, commit[:eoh+1]...)
	out = append(out, h.Bytes()...)
	return append(out, commit[eoh+1:]...)
}
