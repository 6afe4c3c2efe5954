package history

import (
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
	if len(rev) > maxRevLen {
		return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "the revision is %d bytes long; gitedit reads revisions of up to %d", len(rev), maxRevLen)
	}
	id, err := h.revObject(rev)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	return h.toCommit(id, rev)
}

// maxRevLen bounds a revision (its error messages quote it).
const maxRevLen = 1024

// revObject resolves rev to an object of any type.
func (h *history) revObject(rev string) (plumbing.Hash, error) {
	if rev == "" {
		return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "empty revision")
	}
	if text, ok := strings.CutPrefix(rev, ":/"); ok && text != "" {
		return h.searchFromRefs(text, rev) // ":/" alone is :PATH, as in git
	}
	if i := colonOutsideBraces(rev); i >= 0 {
		return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q names a file or folder (REV:PATH or :PATH), not a commit", rev)
	}
	base, ops := splitSuffixes(rev)
	id, err := h.revBase(base)
	for _, op := range ops {
		if err != nil {
			break
		}
		if op.peel {
			id, err = h.peelOp(id, op.text, rev)
		} else {
			id, err = h.navigate(id, op.kind, op.n, rev)
		}
	}
	return id, err
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

// revOp is one suffix of a revision: ^{TEXT} (peel) or ~N / ^N.
type revOp struct {
	peel bool
	text string // what ^{...} holds
	kind byte   // '~' or '^'
	n    int
}

// splitSuffixes splits rev into its base and its suffixes, in the order
// they apply, in one pass from the end (time linear in rev's length: a
// revision of 10,000 "~" is no cost).
func splitSuffixes(rev string) (string, []revOp) {
	var ops []revOp
	e := len(rev)
	for {
		op, start, ok := lastOp(rev[:e])
		if !ok {
			break
		}
		ops, e = append(ops, op), start
	}
	for i, j := 0, len(ops)-1; i < j; i, j = i+1, j-1 {
		ops[i], ops[j] = ops[j], ops[i]
	}
	return rev[:e], ops
}

// lastOp returns the last suffix of s and where it starts.
func lastOp(s string) (revOp, int, bool) {
	if strings.HasSuffix(s, "}") {
		if i := strings.LastIndex(s, "^{"); i > 0 {
			return revOp{peel: true, text: s[i+2 : len(s)-1]}, i, true
		}
		return revOp{}, 0, false
	}
	j := len(s)
	for j > 0 && s[j-1] >= '0' && s[j-1] <= '9' {
		j--
	}
	if j < 2 || (s[j-1] != '~' && s[j-1] != '^') {
		return revOp{}, 0, false
	}
	n := 1
	if j < len(s) {
		v, err := strconv.Atoi(s[j:])
		if err != nil {
			return revOp{}, 0, false
		}
		n = v
	}
	return revOp{kind: s[j-1], n: n}, j - 1, true
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

// peelOp applies "^{OP}" to the object id.
func (h *history) peelOp(id plumbing.Hash, op, rev string) (plumbing.Hash, error) {
	switch {
	case op == "" || op == "commit" || op == "object":
		return id, nil // peeled to a commit by resolve
	case op == "tag":
		if t, _ := h.db.TypeOf(id); t != plumbing.TagObject {
			return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q: %s is not a tag", rev, id)
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
