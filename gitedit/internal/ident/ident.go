// Package ident resolves the name and email of a commit's author or
// committer as git's ident.c (fmt_ident with IDENT_STRICT) does, from the
// environment and the configuration, without guessing from the system.
package ident

import (
	"errors"
	"fmt"
	"strings"
)

// Roles: whose identity is wanted.
const (
	Author    = "author"
	Committer = "committer"
)

// ErrUnknown marks an identity git would have to guess (from the system
// user name or host name): gitedit refuses instead.
var ErrUnknown = errors.New("identity unknown")

// Source is where an identity comes from.
type Source struct {
	// Env looks an environment variable up (set, possibly empty, or not).
	Env func(string) (string, bool)
	// Config looks a config key up: its last value, and whether it is set.
	Config func(string) (string, bool)
	// UseConfigOnly is user.useConfigOnly.
	UseConfigOnly bool
}

// Resolve returns the cleaned name and email of role, in git's order:
// GIT_<ROLE>_NAME/EMAIL (set, even empty), <role>.name/email (non-empty),
// user.name/email (set, even empty, or with user.useConfigOnly an error
// when no name or email key is set at all), for the email $EMAIL when no
// email key is set, and otherwise ErrUnknown where git would guess. An
// empty name is refused, as git refuses it; an empty email is written
// "<>", as git writes it.
func Resolve(role string, s Source) (name, email string, err error) {
	email, err = s.pick(role, "email")
	if err != nil {
		return "", "", err
	}
	name, err = s.pick(role, "name")
	if err != nil {
		return "", "", err
	}
	return checkName(Clean(name), Clean(email), name)
}

// pick is fmt_ident's choice of field ("name" or "email") for role.
func (s Source) pick(role, field string) (string, error) {
	if v, ok := s.Env("GIT_" + strings.ToUpper(role+"_"+field)); ok {
		return v, nil
	}
	if v, ok := s.Config(role + "." + field); ok && v != "" {
		return v, nil
	}
	given := s.given(field)
	if !given && s.UseConfigOnly {
		return "", fmt.Errorf("no %s was given and auto-detection is disabled", field)
	}
	if v, ok := s.Config("user." + field); ok || given {
		return v, nil
	}
	if v, ok := s.Env("EMAIL"); ok && v != "" && field == "email" {
		return v, nil
	}
	return "", fmt.Errorf("no %s: %w", field, ErrUnknown)
}

// given reports whether any config key of the field is set (git's
// ident_config_given): user.<field>, author.<field>, committer.<field>.
func (s Source) given(field string) bool {
	for _, k := range []string{"user.", "author.", "committer."} {
		if _, ok := s.Config(k + field); ok {
			return true
		}
	}
	return false
}

// checkName refuses an empty name and one made only of characters git
// strips, with git's messages.
func checkName(name, email, raw string) (string, string, error) {
	switch {
	case raw == "":
		return "", "", fmt.Errorf("empty ident name (for <%s>) not allowed", email)
	case name == "":
		return "", "", fmt.Errorf("name consists only of disallowed characters: %s", raw)
	}
	return name, email, nil
}

// isCrud reports whether git strips c from the ends of a name or email.
func isCrud(c byte) bool {
	return c <= ' ' || strings.IndexByte(`.,:;<>"\'`, c) >= 0
}

// Clean trims crud from both ends of s and drops the delimiters <, > and
// newline inside it, as git's strbuf_addstr_without_crud does, byte by
// byte: bytes that are not UTF-8 stay as they are (the commit converts
// them, see objects.FixUTF8).
func Clean(s string) string {
	i, j := 0, len(s)
	for i < j && isCrud(s[i]) {
		i++
	}
	for j > i && isCrud(s[j-1]) {
		j--
	}
	s = s[i:j]
	if !strings.ContainsAny(s, "<>\n") {
		return s
	}
	b := make([]byte, 0, len(s))
	for k := 0; k < len(s); k++ { // bytes: a name need not be UTF-8
		if c := s[k]; c != '<' && c != '>' && c != '\n' {
			b = append(b, c)
		}
	}
	return string(b)
}
