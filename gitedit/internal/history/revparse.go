package history

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// resolve turns a revision into a commit id as `git rev-parse
// --verify REV^{commit}` does: a full or abbreviated object id (4+ hex
// digits, searched in the whole object database; a commit wins over
// other objects of the same prefix), describe output (NAME-gHEX), "@",
// HEAD and other pseudo-refs, a ref name (git's rules: as written,
// refs/, refs/tags/, refs/heads/, refs/remotes/, refs/remotes/NAME/HEAD),
// REF@{N} and @{N} (reflogs), @{-N} (the N-th branch checked out
// before), REF@{upstream} (@{u}), :/TEXT (the youngest commit reachable
// from any ref whose message matches), each followed by any of ~N, ^N,
// ^{}, ^{commit}, ^{tag} and ^{/TEXT}; tags are peeled. What names
// something other than a commit (REV:PATH, :PATH, a tree or a blob), what
// gitedit does not read (@{DATE}, @{push}) and what names nothing are
// invalid_input with the reason; several commits for one abbreviated id
// is ambiguous.
func (h *history) resolve(rev string) (plumbing.Hash, error) {
	rev = strings.TrimSpace(rev)
	id, err := h.revObject(rev)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	return h.toCommit(id, rev)
}

// revObject resolves rev to an object of any type.
func (h *history) revObject(rev string) (plumbing.Hash, error) {
	if rev == "" {
		return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "empty revision")
	}
	if text, ok := strings.CutPrefix(rev, ":/"); ok {
		return h.searchFromRefs(text, rev)
	}
	if i := colonOutsideBraces(rev); i >= 0 {
		return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q names a file or folder (REV:PATH or :PATH), not a commit", rev)
	}
	if base, op, ok := cutPeel(rev); ok {
		return h.peelOp(base, op, rev)
	}
	if base, kind, n, ok := cutNav(rev); ok {
		id, err := h.revObject(base)
		if err != nil {
			return plumbing.ZeroHash, err
		}
		return h.navigate(id, kind, n, rev)
	}
	return h.revBase(rev)
}

// colonOutsideBraces returns the index of the first ':' of rev that is
// not inside "{...}", or -1 (get_oid_with_context_1's scan).
func colonOutsideBraces(rev string) int {
	depth := 0
	for i := 0; i < len(rev); i++ {
		switch {
		case rev[i] == '{':
			depth++
		case rev[i] == '}' && depth > 0:
			depth--
		case rev[i] == ':' && depth == 0:
			return i
		}
	}
	return -1
}

// cutPeel splits "BASE^{OP}".
func cutPeel(rev string) (base, op string, ok bool) {
	if !strings.HasSuffix(rev, "}") {
		return "", "", false
	}
	i := strings.LastIndex(rev, "^{")
	if i <= 0 {
		return "", "", false
	}
	return rev[:i], rev[i+2 : len(rev)-1], true
}

// navSuffix matches a trailing ~N, ~, ^N or ^.
var navSuffix = regexp.MustCompile(`[~^][0-9]*$`)

// cutNav splits "BASE~N" or "BASE^N" (N defaults to 1).
func cutNav(rev string) (base string, kind byte, n int, ok bool) {
	loc := navSuffix.FindStringIndex(rev)
	if loc == nil || loc[0] == 0 {
		return "", 0, 0, false
	}
	m := rev[loc[0]:]
	n = 1
	if len(m) > 1 {
		v, err := strconv.Atoi(m[1:])
		if err != nil {
			return "", 0, 0, false
		}
		n = v
	}
	return rev[:loc[0]], m[0], n, true
}

// navigate follows n first parents (~N), or takes the n-th parent (^N;
// ^0 is the commit itself).
func (h *history) navigate(id plumbing.Hash, kind byte, n int, rev string) (plumbing.Hash, error) {
	id, err := h.toCommit(id, rev)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	steps, nth := n, 1
	if kind == '^' {
		if n == 0 {
			return id, nil
		}
		steps, nth = 1, n
	}
	for ; steps > 0; steps-- {
		c, err := h.commit(id)
		if err != nil {
			return plumbing.ZeroHash, err
		}
		if len(c.Parents) < nth {
			return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q goes past the first commit (or names a parent the commit does not have)", rev)
		}
		id = c.Parents[nth-1]
	}
	return id, nil
}

// peelOp applies "^{OP}" to base.
func (h *history) peelOp(base, op, rev string) (plumbing.Hash, error) {
	id, err := h.revObject(base)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	switch {
	case op == "" || op == "commit" || op == "object":
		return id, nil // peeled to a commit by resolve
	case op == "tag":
		if t, _ := h.db.TypeOf(id); t != plumbing.TagObject {
			return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q: %s is not a tag", rev, base)
		}
		return id, nil
	case strings.HasPrefix(op, "/"):
		from, err := h.toCommit(id, rev)
		if err != nil {
			return plumbing.ZeroHash, err
		}
		return h.searchMessage([]plumbing.Hash{from}, op[1:], rev)
	}
	return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q does not name a commit (^{%s})", rev, op)
}

// toCommit peels tags until a commit; anything else is invalid_input.
func (h *history) toCommit(id plumbing.Hash, rev string) (plumbing.Hash, error) {
	for range 20 {
		t, err := h.db.TypeOf(id)
		if err != nil {
			return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q names %s, which is not in the repository", rev, id)
		}
		switch t {
		case plumbing.CommitObject:
			return id, nil
		case plumbing.TagObject:
			target, ok := objects.TagTarget(h.db, id)
			if !ok {
				return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q: tag %s cannot be read", rev, id)
			}
			id = target
		default:
			return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q names a %s, not a commit", rev, t)
		}
	}
	return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q: tags nested too deeply", rev)
}
