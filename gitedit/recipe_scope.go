package gitedit

import (
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/index"
)

// inScope reports whether rel is selected by the globs (see Recipe.Files):
// the last glob that matches decides; with no positive glob every path
// starts selected.
func inScope(globs []string, rel string) bool {
	in := !hasPositive(globs)
	for _, g := range globs {
		neg := len(g) > 0 && g[0] == '!'
		if neg {
			g = g[1:]
		}
		if globMatch(g, rel) {
			in = !neg
		}
	}
	return in
}

// hasPositive reports whether some glob is not a negation.
func hasPositive(globs []string) bool {
	for _, g := range globs {
		if len(g) == 0 || g[0] != '!' {
			return true
		}
	}
	return false
}

// globMatch matches one glob against a repository-relative path with
// git's wildmatch in pathname mode: "*", "?" and classes stay within a
// segment, "**/" matches zero or more folders, a trailing "/**" anything
// below. A leading "/" anchors at the root (globs are always anchored).
func globMatch(glob, rel string) bool {
	if len(glob) > 0 && glob[0] == '/' {
		glob = glob[1:]
	}
	if matched, ok := globFast(glob, rel); ok {
		return matched
	}
	return wildmatch(glob, rel, true)
}

// globFast matches the shapes most recipes use without wildmatch (a
// scope of 100,000 paths took a twentieth of a second there): a literal
// path, "**/*<suffix>", "*<suffix>" and "<folder>/**", where the parts
// named hold no wildcard. ok is false for any other shape.
func globFast(glob, rel string) (matched, ok bool) {
	switch {
	case !hasGlobMeta(glob):
		return rel == glob, true
	case strings.HasPrefix(glob, "**/*") && isLiteralName(glob[4:]):
		return strings.HasSuffix(rel[strings.LastIndexByte(rel, '/')+1:], glob[4:]), true
	case strings.HasPrefix(glob, "*") && isLiteralName(glob[1:]):
		return !strings.Contains(rel, "/") && strings.HasSuffix(rel, glob[1:]), true
	case strings.HasSuffix(glob, "/**") && !hasGlobMeta(glob[:len(glob)-3]):
		return strings.HasPrefix(rel, glob[:len(glob)-2]), true
	}
	return false, false
}

// hasGlobMeta reports whether s holds a wildmatch special character.
func hasGlobMeta(s string) bool { return strings.ContainsAny(s, "*?[\\") }

// isLiteralName reports whether s is one path segment without wildcards.
func isLiteralName(s string) bool { return !hasGlobMeta(s) && !strings.Contains(s, "/") }

// trackedFiles lists the index's tracked regular files (each name once,
// conflicted ones included so that editing them is refused as conflict),
// leaving out skip-worktree entries, which have no working-tree file.
func trackedFiles(idx *index.Index) []string {
	var out []string
	for _, e := range idx.Entries {
		if !isRegularMode(e.Mode) || e.SkipWorktree {
			continue
		}
		if n := len(out); n > 0 && out[n-1] == e.Name {
			continue
		}
		out = append(out, e.Name)
	}
	return out
}

// isRegularMode reports whether an index mode is a regular or
// executable file (not a symlink, submodule or sparse folder).
func isRegularMode(m uint32) bool {
	return m&0o170000 == 0o100000
}
