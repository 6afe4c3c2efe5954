package batch

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/sign"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// commitSigner returns the signer of the batch's commits as git commit
// would choose it, or nil when they are not signed: --gpg-sign and
// --no-gpg-sign over commit.gpgSign; gpg.format (openpgp by default);
// the program from gpg.<format>.program (gpg.program for openpgp, the
// one set last winning, as in git) or the format's default; the key from
// --gpg-sign=KEY, user.signingKey, else the format's default (committer
// is the "Name <email> date" committer line).
func commitSigner(r *repo.Repo, opt spec.Options, committer string) (*sign.Signer, error) {
	on, err := signing(r, opt)
	if err != nil || !on {
		return nil, err
	}
	format, _ := r.GitConfig().Get("gpg.format")
	if format == "" {
		format = sign.OpenPGP
	}
	fallback, known := sign.DefaultProgram(format)
	if !known {
		return nil, spec.Errorf(spec.CodeInvalidInput, "config gpg.format = %q: expected openpgp, x509 or ssh", format)
	}
	keys := []string{"gpg." + format + ".program"}
	if format == sign.OpenPGP {
		keys = append(keys, "gpg.program")
	}
	program, ok := r.GitConfig().LastOf(keys...)
	if !ok || program == "" {
		program = fallback
	}
	key := opt.SignKey
	if key == "" {
		key, _ = r.GitConfig().Get("user.signingKey")
	}
	command, _ := r.GitConfig().Get("gpg.ssh.defaultKeyCommand")
	home, _ := os.LookupEnv("HOME")
	return &sign.Signer{Format: format, Program: program, Key: key, DefaultKeyCommand: command,
		Committer: committer[:strings.LastIndexByte(committer, '>')+1], Home: home}, nil
}

// signing reports whether commits are signed.
func signing(r *repo.Repo, opt spec.Options) (bool, error) {
	switch opt.Sign {
	case spec.SignAlways:
		return true, nil
	case spec.SignNever:
		return false, nil
	}
	on, _, err := r.ConfigBool("commit.gpgSign")
	return on, err
}

// signFunc adapts a signer to objects.Commit.Sign: a failure refuses the
// batch (nothing has been published yet) with the program's message. So
// does an empty (or blank) signature, where git 2.39 writes the commit
// unsigned (add_header_signature adds no line): a commit asked to be
// signed is never made without a signature. The end of ctx (a signal)
// stops the program and the batch.
func signFunc(ctx context.Context, s *sign.Signer) func([]byte) ([]byte, error) {
	if s == nil {
		return nil
	}
	return func(payload []byte) ([]byte, error) {
		sig, err := s.Sign(ctx, payload)
		if ctx.Err() != nil {
			return nil, interrupted(ctx)
		}
		if err == nil && len(bytes.TrimSpace(sig)) == 0 {
			err = errors.New("the signing program reported success but gave no signature")
		}
		if err != nil {
			return nil, &spec.Error{Code: spec.CodeIOError, Message: "signing the commit failed (" + s.Format + ", " + s.Program + "); nothing was changed: " + err.Error(), Err: err}
		}
		return sig, nil
	}
}

// commitEncoding returns the encoding header git writes for
// i18n.commitEncoding ("" for UTF-8, the default). gitedit's messages are
// UTF-8: a message that is not plain ASCII, or an encoding that does not
// keep ASCII as is (UTF-16, UTF-32, UCS-2/4), is refused as unsupported
// rather than written with a header that would misdescribe it.
func commitEncoding(r *repo.Repo, messages ...string) (string, error) {
	enc, _ := r.GitConfig().Get("i18n.commitEncoding")
	if enc == "" || strings.EqualFold(enc, "utf-8") || strings.EqualFold(enc, "utf8") {
		return "", nil
	}
	if strings.ContainsAny(enc, "\n\x00") {
		return "", spec.Errorf(spec.CodeInvalidInput, "config i18n.commitEncoding = %q: not an encoding name", enc)
	}
	up := strings.ToUpper(enc)
	for _, wide := range []string{"UTF-16", "UTF16", "UTF-32", "UTF32", "UCS-2", "UCS2", "UCS-4", "UCS4", "UTF-7", "UTF7"} {
		if strings.HasPrefix(up, wide) {
			return "", spec.Errorf(spec.CodeUnsupported, "i18n.commitEncoding = %s: gitedit writes commit messages in encodings that keep ASCII as is only", enc)
		}
	}
	for _, m := range messages {
		for i := 0; i < len(m); i++ {
			if m[i] >= 0x80 {
				return "", spec.Errorf(spec.CodeUnsupported, "i18n.commitEncoding = %s: the commit message holds non-ASCII text and gitedit writes UTF-8 only; use -m with ASCII text or unset i18n.commitEncoding", enc)
			}
		}
	}
	return enc, nil
}
