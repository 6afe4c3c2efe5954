package gitedit

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// identity roles: whose line of a commit a signature is for.
const (
	roleAuthor    = "author"
	roleCommitter = "committer"
)

// signature returns the identity line git would write for role ("author"
// or "committer"): "Name <email> <unix seconds> <+hhmm>".
//
// The name and email come, as in git, from (first found) the --author
// override "Name <email>" (author only), GIT_AUTHOR_NAME/EMAIL or
// GIT_COMMITTER_NAME/EMAIL, author.name/email or committer.name/email,
// user.name/email, and for the email the EMAIL variable. An empty
// variable or config value counts as unset (git would write an empty
// email "<>"). Unlike git, gitedit never guesses from the system user or
// host name: a missing name or email is invalid_input. Leading and trailing
// "crud" (whitespace and .,:;<>"\') and any <, > or newline are removed
// as git removes them. The date is GIT_AUTHOR_DATE/GIT_COMMITTER_DATE in
// any format of parseGitDate, else now in now's location.
func signature(role, override string, getenv func(string) string, config func(key string) (string, bool), now time.Time) (string, error) {
	name, email, err := identityOf(role, override, getenv, config)
	if err != nil {
		return "", err
	}
	date, err := identityDate(role, getenv, now)
	if err != nil {
		return "", err
	}
	return name + " <" + email + "> " + date, nil
}

// identityOf returns the cleaned name and email for role.
func identityOf(role, override string, getenv func(string) string, config func(string) (string, bool)) (name, email string, err error) {
	var nameOK, emailOK bool
	if role == roleAuthor && override != "" {
		name, email, err = parseAuthorOverride(override)
		nameOK, emailOK = err == nil, err == nil
	} else {
		env := "GIT_" + strings.ToUpper(role) + "_"
		name, nameOK = firstSet(getenv, env+"NAME", config, role+".name", "user.name")
		email, emailOK = firstSet(getenv, env+"EMAIL", config, role+".email", "user.email")
		if !emailOK {
			email = getenv("EMAIL")
			emailOK = email != ""
		}
	}
	if err != nil {
		return "", "", err
	}
	return checkIdentity(role, stripCrud(name), stripCrud(email), nameOK, emailOK)
}

// firstSet returns the environment variable env when not empty, else the
// first non-empty config key.
func firstSet(getenv func(string) string, env string, config func(string) (string, bool), keys ...string) (string, bool) {
	if v := getenv(env); v != "" {
		return v, true
	}
	for _, k := range keys {
		if v, ok := nonEmpty(config(k)); ok {
			return v, true
		}
	}
	return "", false
}

// nonEmpty treats an empty value as unset.
func nonEmpty(v string, ok bool) (string, bool) { return v, ok && v != "" }

// checkIdentity refuses a missing or empty name and a missing email, as
// git's strict mode does.
func checkIdentity(role, name, email string, nameOK, emailOK bool) (string, string, error) {
	if nameOK && emailOK && name != "" {
		return name, email, nil
	}
	hint := `set them with git config user.name "Your Name" and git config user.email you@example.com`
	if role == roleAuthor {
		hint += `, or pass --author "Name <email>"`
	}
	what := "name"
	if !emailOK {
		what = "email"
	}
	return "", "", errorf(CodeInvalidInput, "%s identity unknown (no %s): %s", role, what, hint)
}

// authorOverride is the --author form "Name <email>".
var authorOverride = lazyRegexp(`^([^<>]*)<([^<>]*)>\s*$`)

// parseAuthorOverride splits --author "Name <email>".
func parseAuthorOverride(s string) (name, email string, err error) {
	m := authorOverride().FindStringSubmatch(s)
	if m == nil {
		return "", "", errorf(CodeInvalidInput, "--author %q: expected \"Name <email>\"", s)
	}
	return m[1], m[2], nil
}

// isCrud reports whether git strips c from the ends of a name or email.
func isCrud(c byte) bool {
	return c <= ' ' || strings.IndexByte(`.,:;<>"\'`, c) >= 0
}

// stripCrud trims crud from both ends of s and drops the delimiters <, >
// and newline inside it, as git's strbuf_addstr_without_crud does.
func stripCrud(s string) string {
	i, j := 0, len(s)
	for i < j && isCrud(s[i]) {
		i++
	}
	for j > i && isCrud(s[j-1]) {
		j--
	}
	return strings.Map(func(r rune) rune {
		if r == '<' || r == '>' || r == '\n' {
			return -1
		}
		return r
	}, s[i:j])
}

// identityDate returns "<unix> <+hhmm>" from GIT_<ROLE>_DATE, or now.
func identityDate(role string, getenv func(string) string, now time.Time) (string, error) {
	env := "GIT_" + strings.ToUpper(role) + "_DATE"
	v := getenv(env)
	if v == "" {
		return formatDate(now), nil
	}
	t, err := parseGitDate(v, now.Location())
	if err != nil {
		return "", errorf(CodeInvalidInput, "%s=%q: %v", env, v, err)
	}
	return formatDate(t), nil
}

// formatDate is t as git writes it in a commit: "1700000000 +0100".
func formatDate(t time.Time) string {
	return strconv.FormatInt(t.Unix(), 10) + " " + t.Format("-0700")
}

var (
	rawDate   = lazyRegexp(`^@?(\d+) ([+-]\d{4})$`)
	epochDate = lazyRegexp(`^(@\d+|\d{9,})$`)
)

// dateLayouts are the RFC 2822 and ISO 8601 forms accepted; the layouts
// without a zone are read in the local location, as git does.
var dateLayouts = []string{
	"Mon, 2 Jan 2006 15:04:05 -0700",
	"2 Jan 2006 15:04:05 -0700",
	"Mon, 2 Jan 2006 15:04:05",
	"2006-01-02T15:04:05Z07:00",
	"2006-01-02T15:04:05 -0700",
	"2006-01-02T15:04:05-0700",
	"2006-01-02T15:04:05",
}

// parseGitDate parses the date formats git accepts in GIT_*_DATE: git's
// raw "1700000000 +0100", "@1700000000" (optionally with a zone), RFC 2822
// ("Tue, 14 Nov 2023 22:13:20 +0100") and ISO 8601 ("2023-11-14T22:13:20",
// with a space for the T, fractional seconds, and Z, +hh:mm or +hhmm).
// Dates without a zone take loc's offset at that instant.
func parseGitDate(s string, loc *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if m := rawDate().FindStringSubmatch(s); m != nil {
		return rawTime(m[1], m[2])
	}
	if epochDate().MatchString(s) {
		sec, err := strconv.ParseInt(strings.TrimPrefix(s, "@"), 10, 64)
		return time.Unix(sec, 0).In(loc), err
	}
	iso := isoDateSpace().ReplaceAllString(s, "${1}T$2")
	for _, layout := range dateLayouts {
		if t, err := time.ParseInLocation(layout, iso, loc); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("invalid date format %q (use \"1700000000 +0100\", RFC 2822 or ISO 8601)", s)
}

// isoDateSpace matches "2023-11-14 22:13:20", the ISO form with a space.
var isoDateSpace = lazyRegexp(`^(\d{4}-\d\d-\d\d) (\d)`)

// rawTime builds the time of git's raw format: seconds and "+hhmm".
func rawTime(secs, zone string) (time.Time, error) {
	sec, err := strconv.ParseInt(secs, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("invalid date %q: %w", secs, err)
	}
	hh, _ := strconv.Atoi(zone[1:3])
	mm, _ := strconv.Atoi(zone[3:5])
	off := hh*3600 + mm*60
	if zone[0] == '-' {
		off = -off
	}
	return time.Unix(sec, 0).In(time.FixedZone("", off)), nil
}
