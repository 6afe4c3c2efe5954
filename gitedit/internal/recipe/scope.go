package recipe

import (
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/wildmatch"
)

// globSet is a recipe's globs (see Recipe.Files) prepared for matching
// many paths: the last glob that matches decides; with no positive glob
// every path starts selected. Globs are git's wildmatch in pathname mode:
// "*", "?" and classes stay within a segment, "**/" matches zero or more
// folders, a trailing "/**" anything below; a leading "/" anchors at the
// root (globs are always anchored).
type globSet struct {
	globs []glob
	// all is the verdict before any glob matches: true when no glob is
	// positive.
	all bool
}

// glob is one prepared glob: its pattern (without "!" and leading "/"),
// whether it negates, and the shortcut that matches it (see globShortcut).
type glob struct {
	pattern string
	neg     bool
	fast    func(pattern, rel string) bool // nil: wildmatch
}

// compileGlobs prepares globs.
func compileGlobs(globs []string) globSet {
	set := globSet{all: !hasPositive(globs)}
	for _, g := range globs {
		neg := len(g) > 0 && g[0] == '!'
		if neg {
			g = g[1:]
		}
		g = strings.TrimPrefix(g, "/")
		set.globs = append(set.globs, glob{pattern: g, neg: neg, fast: globShortcut(g)})
	}
	return set
}

// match reports whether the set selects rel.
func (s globSet) match(rel string) bool {
	in := s.all
	for _, g := range s.globs {
		if g.matches(rel) {
			in = !g.neg
		}
	}
	return in
}

// matches matches one glob against a repository-relative path.
func (g glob) matches(rel string) bool {
	if g.fast != nil {
		return g.fast(g.pattern, rel)
	}
	return wildmatch.Match(g.pattern, rel, true)
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

// globShortcut returns a matcher for the shapes most recipes use, which
// spares wildmatch (a scope of 100,000 paths took a twentieth of a second
// there): a literal path, "**/*<suffix>", "*<suffix>" and
// "<folder>/**", where the parts named hold no wildcard. It returns nil
// for any other shape.
func globShortcut(pattern string) func(pattern, rel string) bool {
	switch {
	case !hasGlobMeta(pattern):
		return func(p, rel string) bool { return rel == p }
	case strings.HasPrefix(pattern, "**/*") && isLiteralName(pattern[4:]):
		return func(p, rel string) bool { return strings.HasSuffix(rel[strings.LastIndexByte(rel, '/')+1:], p[4:]) }
	case strings.HasPrefix(pattern, "*") && isLiteralName(pattern[1:]):
		return func(p, rel string) bool { return !strings.Contains(rel, "/") && strings.HasSuffix(rel, p[1:]) }
	case strings.HasSuffix(pattern, "/**") && !hasGlobMeta(pattern[:len(pattern)-3]):
		return func(p, rel string) bool { return strings.HasPrefix(rel, p[:len(p)-2]) }
	}
	return nil
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
	for _, e := range idx.Entries() {
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
