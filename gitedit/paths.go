package gitedit

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/gitedit/gitedit/gitedit/internal/gitpath"
)

// maxSymlinkHops bounds symlink resolution (as the kernel's ELOOP does).
const maxSymlinkHops = 40

// resolvePath maps a user path (relative to dir, or absolute) to its
// repository-relative slash path and absolute, symlink-resolved path.
//
// The path is cleaned lexically first (as git treats paths), then every
// existing component is resolved with lstat/readlink, never by scanning.
// It is refused with outside_repo when the result leaves the working tree,
// when a symlink on the way dangles or leads out, when a component is
// ".git" in any spelling git protects against (case, trailing dots or
// spaces, NTFS short name, HFS ignorable characters), when it lies in the
// git directory, or when a parent folder is a submodule or nested
// repository. An empty path or one with a NUL byte is invalid_input; the
// top folder itself is is_directory. A symlink inside the tree to a file
// inside the tree resolves to the target's path.
func (r *Repo) resolvePath(p string) (rel, abs string, err error) {
	if err := checkPathSyntax(p); err != nil {
		return "", "", err
	}
	lexical := filepath.Clean(absFrom(r.dir, p))
	resolved, err := resolveSymlinks(lexical)
	if err != nil {
		return "", "", pathError(p, err)
	}
	rel, err = r.relInside(p, resolved)
	if err != nil {
		return "", "", err
	}
	if err := r.checkNested(p, rel); err != nil {
		return "", "", err
	}
	return rel, resolved, nil
}

// checkPathSyntax refuses an empty path, one with a NUL byte, and one too
// long for the file system.
func checkPathSyntax(p string) error {
	switch {
	case p == "":
		return errorf(CodeInvalidInput, "file_path is empty")
	case strings.IndexByte(p, 0) >= 0:
		return errorf(CodeInvalidInput, "file_path %q contains a NUL byte", p)
	case len(p) > maxPathLen:
		return errorf(CodeInvalidInput, "file_path is %d bytes long; the limit is %d (PATH_MAX)", len(p), maxPathLen)
	}
	for _, part := range strings.Split(filepath.ToSlash(p), "/") {
		if len(part) > maxNameLen {
			return errorf(CodeInvalidInput, "file_path has a %d-byte component; the limit is %d (NAME_MAX)", len(part), maxNameLen)
		}
	}
	return nil
}

// checkFileName refuses a file path that ends with a slash: it names a
// folder (open(2) fails on "a.txt/" and never creates "new/" as a file),
// and cleaning the slash away would edit or create the file instead.
func checkFileName(p string) error {
	if strings.HasSuffix(filepath.ToSlash(p), "/") {
		return errorf(CodeIsDirectory, "file_path %q ends with a slash: it names a folder, not a file", p)
	}
	return nil
}

// The longest path and path component accepted, as Linux's PATH_MAX and
// NAME_MAX: longer ones cannot name a file, and bounding them keeps path
// resolution cheap whatever a request holds.
const (
	maxPathLen = 4096
	maxNameLen = 255
)

// errDangling and errNotDir are resolution failures of a path.
var (
	errDangling = errors.New("a symlink on the path points to nothing")
	errNotDir   = errors.New("a parent of the path is not a folder")
	errLoop     = errors.New("too many levels of symlinks")
)

// pathError maps a resolution failure to the error codes of docs/reference.md.
func pathError(p string, err error) error {
	switch {
	case errors.Is(err, errDangling):
		return errorf(CodeOutsideRepo, "%s: %v", p, err)
	case errors.Is(err, errNotDir), errors.Is(err, errLoop):
		return errorf(CodeInvalidInput, "%s: %v", p, err)
	}
	return ioError("resolve "+p, err)
}

// pathPart is one component still to resolve; link marks components that
// come from a symlink's target.
type pathPart struct {
	name string
	link bool
}

// resolveSymlinks resolves the symlinks of every existing component of
// the clean absolute path p. Components after the first missing one are
// kept as written, unless they come from a symlink (a dangling link).
func resolveSymlinks(p string) (string, error) {
	todo := splitParts(p, false)
	cur, hops := string(filepath.Separator), 0
	for len(todo) > 0 {
		part := todo[0]
		todo = todo[1:]
		if part.name == ".." {
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, part.name)
		fi, err := os.Lstat(next)
		if err != nil {
			return missingTail(next, part, todo, err)
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		if hops++; hops > maxSymlinkHops {
			return "", errLoop
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", err
		}
		if filepath.IsAbs(target) {
			cur = string(filepath.Separator)
		}
		todo = append(splitParts(target, true), todo...)
	}
	return cur, nil
}

// missingTail finishes a path whose component next does not exist (or
// cannot be looked up): the rest is joined as written.
func missingTail(next string, part pathPart, todo []pathPart, err error) (string, error) {
	if errors.Is(err, syscall.ENOTDIR) {
		return "", errNotDir
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	if part.link {
		return "", errDangling
	}
	parts := []string{next}
	for _, t := range todo {
		if t.link {
			return "", errDangling
		}
		parts = append(parts, t.name)
	}
	return filepath.Join(parts...), nil
}

// splitParts splits a path into its non-empty, non-"." components.
func splitParts(p string, link bool) []pathPart {
	var parts []pathPart
	for _, name := range strings.Split(filepath.ToSlash(p), "/") {
		if name != "" && name != "." {
			parts = append(parts, pathPart{name: name, link: link})
		}
	}
	return parts
}

// relInside returns resolved relative to the working tree as a slash path,
// refusing paths outside it, in the git directory, or under ".git".
func (r *Repo) relInside(p, resolved string) (string, error) {
	rel, err := filepath.Rel(r.workTree, resolved)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", errorf(CodeOutsideRepo, "%s is outside the repository's working tree %s", p, r.workTree)
	}
	if rel == "." {
		return "", errorf(CodeIsDirectory, "%s is the top folder of the working tree", p)
	}
	if r.inGitDir(resolved) {
		return "", errorf(CodeOutsideRepo, "%s is inside the git directory", p)
	}
	rel = filepath.ToSlash(rel)
	if err := verifyPath(rel, gitpath.ModeRegular); err != nil {
		return "", err
	}
	return rel, nil
}

// verifyPath refuses, with outside_repo, a path git's verify_path refuses
// for an entry of the given git mode (see package gitpath): .git in any
// spelling NTFS or HFS+ maps to it, a symlink named .gitmodules, and
// malformed components.
func verifyPath(rel string, mode uint32) error {
	if err := gitpath.Verify(rel, mode); err != nil {
		return &Error{Code: CodeOutsideRepo, FilePath: rel, Err: err,
			Message: err.Error() + "; git refuses such paths (verify_path), and clones on Windows and macOS could not check them out"}
	}
	return nil
}

// inGitDir reports whether the resolved path p is in the git directory
// or the common directory.
func (r *Repo) inGitDir(p string) bool {
	for _, dir := range r.realGitDirs {
		if p == dir || strings.HasPrefix(p, dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// checkNested refuses rel when one of its parent folders holds its own
// ".git" (a submodule or a nested repository): git does not track files
// inside them in this repository.
func (r *Repo) checkNested(p, rel string) error {
	dir := r.workTree
	parts := strings.Split(rel, "/")
	for i, part := range parts[:len(parts)-1] {
		dir = filepath.Join(dir, part)
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return errorf(CodeOutsideRepo, "%s is inside the submodule or nested repository %s", p, strings.Join(parts[:i+1], "/"))
		}
		if fi, err := os.Lstat(dir); err != nil || !fi.IsDir() {
			return nil // nothing nested below a folder that does not exist
		}
	}
	return nil
}

// wildmatch results, as in git's wildmatch.c.
const (
	wmMatch = iota
	wmNoMatch
	wmAbortAll
	wmAbortToStarStar
)

// wildmatch matches text against a git glob pattern (git's wildmatch):
// with pathname, "*" and "?" and classes do not match "/", and "**"
// between slashes matches any number of folders.
func wildmatch(pattern, text string, pathname bool) bool {
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
		if (before < 0 || start[before] == '/') && (p == "" || p[0] == '/' || strings.HasPrefix(p, `\/`)) {
			if p != "" && p[0] == '/' && dowild(p[1:], text, pathname) == wmMatch {
				return wmMatch
			}
			matchSlash = true
		} else {
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
	test, ok := posixClasses[strings.TrimSuffix(body, ":")]
	if !ok {
		return 0, false, false
	}
	return i + 2 + end + 1, test(tc), true
}

// posixClasses are the character classes wildmatch knows.
var posixClasses = map[string]func(byte) bool{
	"alnum":  func(c byte) bool { return isAlpha(c) || isDigit(c) },
	"alpha":  isAlpha,
	"blank":  func(c byte) bool { return c == ' ' || c == '\t' },
	"cntrl":  func(c byte) bool { return c < 32 || c == 127 },
	"digit":  isDigit,
	"graph":  func(c byte) bool { return c > 32 && c < 127 },
	"lower":  func(c byte) bool { return c >= 'a' && c <= 'z' },
	"print":  func(c byte) bool { return c >= 32 && c < 127 },
	"punct":  func(c byte) bool { return c > 32 && c < 127 && !isAlpha(c) && !isDigit(c) },
	"space":  isSpace,
	"upper":  func(c byte) bool { return c >= 'A' && c <= 'Z' },
	"xdigit": func(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' },
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
