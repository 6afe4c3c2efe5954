// Package wildmatch is git's glob matcher (wildmatch.c), over byte
// strings: the patterns of .gitattributes, includeIf gitdir:/onbranch:/
// hasconfig: conditions and pathspec globs.
//
// Match(pattern, text, pathname) is true exactly where git's
// wildmatch(pattern, text, pathname ? WM_PATHNAME : 0) returns WM_MATCH:
// "*", "?" and bracket expressions; a backslash escapes; "[!...]" and "[^...]"
// negate; "[:class:]" names a POSIX class. With pathname, "*", "?" and
// classes do not match "/", and "**" between slashes (or at either end)
// matches any number of folders. Matching is case-sensitive: callers that
// want git's WM_CASEFOLD lower both sides first. An invalid pattern (an
// unclosed bracket, an unknown class) matches nothing.
package wildmatch

import "strings"

// wildmatch results, as in git's wildmatch.c.
const (
	wmMatch = iota
	wmNoMatch
	wmAbortAll
	wmAbortToStarStar
)

// Match matches text against a git glob pattern (git's wildmatch):
// with pathname, "*" and "?" and classes do not match "/", and "**"
// between slashes matches any number of folders.
func Match(pattern, text string, pathname bool) bool {
	return dowild(pattern, text, pathname) == wmMatch
}

// dowild is git's dowild over byte strings.
func dowild(p, text string, pathname bool) int {
	start := p
	for ; p != ""; p, text = p[1:], text[1:] {
		pc := p[0]
		if text == "" && pc != '*' {
			return wmAbortAll
		}
		var tc byte // 0 at the end of text, as in C
		if text != "" {
			tc = text[0]
		}
		switch pc {
		case '\\':
			if len(p) < 2 || tc != p[1] {
				return wmNoMatch
			}
			p = p[1:]
		case '?':
			if pathname && tc == '/' {
				return wmNoMatch
			}
		case '*':
			return star(start, p, text, pathname)
		case '[':
			rest, r := matchClass(p, tc, pathname)
			if r != wmMatch {
				return r
			}
			p = rest
		default:
			if tc != pc {
				return wmNoMatch
			}
		}
	}
	if text != "" {
		return wmNoMatch
	}
	return wmMatch
}

// star matches a "*" or "**" at p (start is the whole pattern, to look at
// the byte before the stars) against text.
func star(start, p, text string, pathname bool) int {
	matchSlash := !pathname
	if len(p) > 1 && p[1] == '*' {
		before := len(start) - len(p) - 1
		p = strings.TrimLeft(p, "*")
		switch {
		case !pathname: // without pathname "**" is "*": both cross "/"
		case (before < 0 || start[before] == '/') && (p == "" || p[0] == '/' || strings.HasPrefix(p, `\/`)):
			if p != "" && p[0] == '/' && dowild(p[1:], text, pathname) == wmMatch {
				return wmMatch
			}
			matchSlash = true
		default:
			matchSlash = false
		}
	} else {
		p = p[1:]
	}
	return starRest(p, text, matchSlash, pathname)
}

// starRest matches the pattern after a star (p) against text, the star
// eating as much as it needs (across "/" only when matchSlash).
func starRest(p, text string, matchSlash, pathname bool) int {
	if p == "" {
		if !matchSlash && strings.IndexByte(text, '/') >= 0 {
			return wmNoMatch
		}
		return wmMatch
	}
	if !matchSlash && p[0] == '/' {
		i := strings.IndexByte(text, '/')
		if i < 0 {
			return wmNoMatch
		}
		return dowild(p[1:], text[i+1:], pathname)
	}
	for ; text != ""; text = text[1:] {
		if !matchSlash && text[0] == '/' {
			if r := dowild(p, text, pathname); r != wmNoMatch {
				return r
			}
			return wmAbortToStarStar
		}
		if r := dowild(p, text, pathname); r != wmNoMatch && (!matchSlash || r != wmAbortToStarStar) {
			return r
		}
	}
	return wmAbortAll
}

// matchClass matches tc against the bracket expression at p ("[...]") and
// returns the pattern from the closing "]".
func matchClass(p string, tc byte, pathname bool) (string, int) {
	i, negated, matched := 1, false, false
	if i < len(p) && (p[i] == '!' || p[i] == '^') {
		negated = true
		i++
	}
	var prev byte
	for first := true; first || (i < len(p) && p[i] != ']'); first = false {
		if i >= len(p) {
			return "", wmAbortAll
		}
		n, m, ok := classItem(p, i, tc, prev)
		if !ok {
			return "", wmAbortAll
		}
		matched = matched || m
		prev = 0
		if n == i+1 && p[i] != '\\' {
			prev = p[i]
		}
		i = n
	}
	if i >= len(p) {
		return "", wmAbortAll
	}
	if matched == negated || (pathname && tc == '/') {
		return "", wmNoMatch
	}
	return p[i:], wmMatch
}

// classItem matches one item of a bracket expression at p[i] (a
// character, an escape, a range after prev, or "[:class:]") and returns
// the index after it.
func classItem(p string, i int, tc, prev byte) (next int, matched, ok bool) {
	switch {
	case p[i] == '\\':
		if i+1 >= len(p) {
			return 0, false, false
		}
		return i + 2, tc == p[i+1], true
	case p[i] == '-' && prev != 0 && i+1 < len(p) && p[i+1] != ']':
		hi, n := p[i+1], i+2
		if hi == '\\' {
			if i+2 >= len(p) {
				return 0, false, false
			}
			hi, n = p[i+2], i+3
		}
		return n, tc >= prev && tc <= hi, true
	case p[i] == '[' && i+1 < len(p) && p[i+1] == ':':
		return posixClass(p, i, tc)
	}
	return i + 1, tc == p[i], true
}

// posixClass matches "[:name:]" at p[i]; without a closing ":]" the "["
// is an ordinary character.
func posixClass(p string, i int, tc byte) (int, bool, bool) {
	end := strings.IndexByte(p[i+2:], ']')
	if end < 0 {
		return 0, false, false
	}
	body := p[i+2 : i+2+end]
	if !strings.HasSuffix(body, ":") || len(body) < 1 {
		return i + 1, tc == '[', true
	}
	test := classTest(strings.TrimSuffix(body, ":"))
	if test == nil {
		return 0, false, false
	}
	return i + 2 + end + 1, test(tc), true
}

// posixClasses are the character classes wildmatch knows (a list, not a
// map: static data, where a map would be built when the program starts).
var posixClasses = []struct {
	name string
	test func(byte) bool
}{
	{"alnum", func(c byte) bool { return isAlpha(c) || isDigit(c) }},
	{"alpha", isAlpha},
	{"blank", func(c byte) bool { return c == ' ' || c == '\t' }},
	{"cntrl", func(c byte) bool { return c < 32 || c == 127 }},
	{"digit", isDigit},
	{"graph", func(c byte) bool { return c > 32 && c < 127 }},
	{"lower", func(c byte) bool { return c >= 'a' && c <= 'z' }},
	{"print", func(c byte) bool { return c >= 32 && c < 127 }},
	{"punct", func(c byte) bool { return c > 32 && c < 127 && !isAlpha(c) && !isDigit(c) }},
	{"space", isSpace},
	{"upper", func(c byte) bool { return c >= 'A' && c <= 'Z' }},
	{"xdigit", func(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }},
}

// classTest returns the test of the class called name, or nil.
func classTest(name string) func(byte) bool {
	for _, c := range posixClasses {
		if c.name == name {
			return c.test
		}
	}
	return nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}
