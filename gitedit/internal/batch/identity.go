package batch

import (
	"errors"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/gitedit/gitedit/gitedit/internal/ident"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// identity roles: whose line of a commit a signature is for.
const (
	roleAuthor    = "author"
	roleCommitter = "committer"
)

// signature returns the identity line git would write for role ("author"
// or "committer"): "Name <email> <unix seconds> <+hhmm>".
//
// The name and email are the --author override "Name <email>" (author
// only), else what package ident resolves as git's ident.c does
// (GIT_<ROLE>_NAME/EMAIL, author.*/committer.*, user.*, $EMAIL,
// user.useConfigOnly). Unlike git, gitedit never guesses from the system
// user or host name: an identity git would guess is invalid_input. The
// date is GIT_AUTHOR_DATE/GIT_COMMITTER_DATE in any format of
// ident.ParseDate, else now in now's location.
func signature(role, override string, src ident.Source, now time.Time) (string, error) {
	name, email, err := identityOf(role, override, src)
	if err != nil {
		return "", err
	}
	date, err := src.Date(role, now)
	if err != nil {
		return "", spec.Errorf(spec.CodeInvalidInput, "%v", err)
	}
	return name + " <" + email + "> " + date, nil
}

// identitySource is where the repository's identities come from.
func identitySource(r *repo.Repo, env func(string) (string, bool)) (ident.Source, error) {
	only, _, err := r.ConfigBool("user.useConfigOnly")
	return ident.Source{Env: env, Config: r.GitConfig().Get, UseConfigOnly: only}, err
}

// identityOf returns the cleaned name and email for role.
func identityOf(role, override string, src ident.Source) (name, email string, err error) {
	if role == roleAuthor && override != "" {
		name, email, err := parseAuthorOverride(override)
		if err != nil {
			return "", "", err
		}
		if name, email = ident.Clean(name), ident.Clean(email); name == "" {
			return "", "", spec.Errorf(spec.CodeInvalidInput, "--author %q: empty name", override)
		}
		return name, email, nil
	}
	name, email, err = ident.Resolve(role, src)
	if errors.Is(err, ident.ErrUnknown) {
		hint := `set them with git config user.name "Your Name" and git config user.email you@example.com`
		if role == roleAuthor {
			hint += `, or pass --author "Name <email>"`
		}
		return "", "", spec.Errorf(spec.CodeInvalidInput, "%s identity unknown (%v; gitedit does not guess it from the system): %s", role, strings.TrimSuffix(err.Error(), ": "+ident.ErrUnknown.Error()), hint)
	}
	if err != nil {
		return "", "", spec.Errorf(spec.CodeInvalidInput, "%s identity: %v", role, err)
	}
	return name, email, nil
}

// authorOverride is the --author form "Name <email>".
var authorOverride = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^([^<>]*)<([^<>]*)>\s*$`) })

// parseAuthorOverride splits --author "Name <email>".
func parseAuthorOverride(s string) (name, email string, err error) {
	m := authorOverride().FindStringSubmatch(s)
	if m == nil {
		return "", "", spec.Errorf(spec.CodeInvalidInput, "--author %q: expected \"Name <email>\"", s)
	}
	return m[1], m[2], nil
}
