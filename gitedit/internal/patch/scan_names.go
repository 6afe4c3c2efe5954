package patch

import (
	"regexp"
	"strings"
	"sync"
)

// The names of a patch's files, read as git apply reads them (apply.c:
// find_name, find_name_traditional, git_header_name, guess_p_value,
// has_epoch_timestamp). A name that is not there is "".

// Where an unquoted name ends (git's name_terminate): a newline always,
// a space or a tab only when asked, and any other white space.
const (
	termSpace = 1 << iota
	termTab
)

// isSpace is C's isspace in the "C" locale.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// isDigit is C's isdigit.
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// isDevNull reports whether line names /dev/null (git's is_dev_null).
func isDevNull(line string) bool {
	rest, ok := strings.CutPrefix(line, "/dev/null")
	return ok && rest != "" && isSpace(rest[0])
}

// squashSlash collapses runs of slashes.
func squashSlash(name string) string {
	for strings.Contains(name, "//") {
		name = strings.ReplaceAll(name, "//", "/")
	}
	return name
}

// unquoteC reads the C-quoted name at the start of s (git's
// unquote_c_style) and returns it and the rest of s after the closing
// quote.
func unquoteC(s string) (string, string, bool) {
	if !strings.HasPrefix(s, `"`) {
		return "", "", false
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"':
			return b.String(), s[i+1:], true
		case c == '\n':
			return "", "", false
		case c != '\\':
			b.WriteByte(c)
			continue
		}
		i++
		if i >= len(s) {
			return "", "", false
		}
		if r, ok := cEscapes[s[i]]; ok {
			b.WriteByte(r)
			continue
		}
		if i+2 < len(s) && s[i] >= '0' && s[i] <= '3' && isOctal(s[i+1]) && isOctal(s[i+2]) {
			b.WriteByte((s[i]-'0')<<6 | (s[i+1]-'0')<<3 | (s[i+2] - '0'))
			i += 2
			continue
		}
		return "", "", false
	}
	return "", "", false
}

// cEscapes are the one-letter escapes of a C-quoted name.
var cEscapes = map[byte]byte{'a': '\a', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v', '\\': '\\', '"': '"'}

func isOctal(c byte) bool { return c >= '0' && c <= '7' }

// findNameGnu is a quoted name with p leading components dropped.
func findNameGnu(line string, p int) (string, bool) {
	name, _, ok := unquoteC(line)
	if !ok {
		return "", false
	}
	for ; p > 0; p-- {
		i := strings.IndexByte(name, '/')
		if i < 0 {
			return "", false
		}
		name = name[i+1:]
	}
	return squashSlash(name), true
}

// findNameCommon is git's find_name_common: the name at the start of
// line, ending at end (when end >= 0) or where term says, with p leading
// components dropped; def when there is none or when the name is def
// with something tacked on ("file.orig").
func findNameCommon(line, def string, p, end, term int) string {
	start := -1
	if p == 0 {
		start = 0
	}
	i := 0
	for ; i < len(line) && i != end; i++ {
		c := line[i]
		if end < 0 && isSpace(c) && (c == '\n' || !(c == ' ' && term&termSpace == 0) && !(c == '\t' && term&termTab == 0)) {
			break
		}
		if c == '/' {
			if p--; p == 0 {
				start = i + 1
			}
		}
	}
	if start < 0 || i <= start {
		return squashSlash(def)
	}
	name := line[start:i]
	if def != "" && len(def) < len(name) && strings.HasPrefix(name, def) {
		return squashSlash(def)
	}
	return squashSlash(name)
}

// findName is git's find_name: a quoted name, or findNameCommon.
func findName(line, def string, p, term int) string {
	if strings.HasPrefix(line, `"`) {
		if name, ok := findNameGnu(line, p); ok {
			return name
		}
	}
	return findNameCommon(line, def, p, -1, term)
}

// findNameTraditional is the name of a "---" or "+++" line, a diff
// timestamp after it dropped.
func findNameTraditional(line, def string, p int) string {
	if strings.HasPrefix(line, `"`) {
		if name, ok := findNameGnu(line, p); ok {
			return name
		}
	}
	n := strings.IndexByte(line, '\n')
	if n < 0 {
		n = len(line)
	}
	d := diffTimestampLen(line[:n])
	if d == 0 {
		return findNameCommon(line, def, p, -1, termTab)
	}
	return findNameCommon(line, def, p, n-d, 0)
}

// guessPValue is git's guess_p_value without a prefix: 0 for a name
// without a slash, -1 (no guess) otherwise.
func guessPValue(line string) int {
	if isDevNull(line) {
		return -1
	}
	name := findNameTraditional(line, "", 0)
	switch {
	case name == "":
		return -1
	case !strings.Contains(name, "/"):
		return 0
	}
	return -1
}

// epochStamp is the time of a GNU diff epoch timestamp, compiled on
// first use (not at every start of gitedit).
var epochStamp = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[0-2][0-9]:([0-5][0-9]):00(\.0+)? ([-+][0-2][0-9]:?[0-5][0-9])\n`)
})

// hasEpochTimestamp reports whether a "---"/"+++" line ends with the
// epoch timestamp GNU diff writes for a missing file.
func hasEpochTimestamp(line string) bool {
	nl := strings.IndexByte(line, '\n')
	if nl < 0 {
		return false
	}
	tab := strings.LastIndexByte(line[:nl], '\t')
	if tab < 0 {
		return false
	}
	ts := line[tab+1:]
	epochHour := 0
	switch {
	case strings.HasPrefix(ts, "1969-12-31 "):
		epochHour = 24
	case strings.HasPrefix(ts, "1970-01-01 "):
	default:
		return false
	}
	ts = ts[len("1970-01-01 "):]
	m := epochStamp().FindStringSubmatch(ts)
	if m == nil {
		return false
	}
	hour := atoi(ts[:2])
	minute := atoi(m[1])
	zone := m[3]
	var off int
	if h, mm, ok := strings.Cut(zone[1:], ":"); ok {
		off = atoi(h)*60 + atoi(mm)
	} else {
		z := atoi(zone[1:])
		off = z/100*60 + z%100
	}
	if zone[0] == '-' {
		off = -off
	}
	return hour*60+minute-off == epochHour*60
}

// atoi reads leading decimal digits.
func atoi(s string) int {
	n := 0
	for i := 0; i < len(s) && isDigit(s[i]); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// skipTreePrefix drops p leading components (git's skip_tree_prefix);
// false for an absolute name or too few components.
func skipTreePrefix(p int, line string) (string, bool) {
	if p == 0 {
		return line, !strings.HasPrefix(line, "/")
	}
	for i := 0; i < len(line); i++ {
		if line[i] == '/' {
			if p--; p <= 0 {
				return line[i+1:], i != 0
			}
		}
	}
	return "", false
}

// gitHeaderName is the name a "diff --git" line gives when it names the
// same path on both sides (git's git_header_name), or "".
func gitHeaderName(p int, line string) string {
	line = strings.TrimPrefix(line, "diff --git ")
	line = strings.TrimSuffix(line, "\n")
	if strings.HasPrefix(line, `"`) {
		return quotedHeaderName(p, line)
	}
	name, ok := skipTreePrefix(p, line)
	if !ok {
		return ""
	}
	if q := strings.IndexByte(name, '"'); q >= 0 {
		sp, _, ok := unquoteC(name[q:])
		if !ok {
			return ""
		}
		np, ok := skipTreePrefix(p, sp)
		if ok && len(np) < q && strings.HasPrefix(name, np) && isSpace(name[len(np)]) {
			return np
		}
		return ""
	}
	for n := 0; n < len(name); n++ {
		if name[n] != ' ' && name[n] != '\t' {
			continue
		}
		if n+1 >= len(name) {
			return ""
		}
		second, ok := skipTreePrefix(p, name[n+1:])
		if ok && second == name[:n] {
			return name[:n]
		}
	}
	return ""
}

// quotedHeaderName is gitHeaderName for a line whose first name is quoted.
func quotedHeaderName(p int, line string) string {
	first, rest, ok := unquoteC(line)
	if !ok {
		return ""
	}
	if first, ok = skipTreePrefix(p, first); !ok {
		return ""
	}
	rest = strings.TrimLeft(rest, " \t\n\v\f\r")
	if rest == "" {
		return ""
	}
	second := rest
	if strings.HasPrefix(rest, `"`) {
		if second, _, ok = unquoteC(rest); !ok {
			return ""
		}
	}
	if second, ok = skipTreePrefix(p, second); !ok || second != first {
		return ""
	}
	return first
}
