package history

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// revBase resolves a revision without ~, ^ or ^{} suffixes.
func (h *history) revBase(rev string) (plumbing.Hash, error) {
	if i := strings.Index(rev, "@{"); i >= 0 && strings.HasSuffix(rev, "}") {
		return h.atForm(rev[:i], rev[i+2:len(rev)-1], rev)
	}
	if rev == "@" {
		rev = "HEAD"
	}
	if len(rev) == 40 && plumbing.IsHash(rev) {
		return plumbing.NewHash(strings.ToLower(rev)), nil
	}
	if id, _, err := h.dwimRef(rev); err != nil || !id.IsZero() {
		return id, err
	}
	if m := describeName().FindStringSubmatch(rev); m != nil {
		return h.byPrefix(strings.ToLower(m[1]), rev)
	}
	if shortHex().MatchString(rev) {
		return h.byPrefix(strings.ToLower(rev), rev)
	}
	return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "unknown revision %q: no ref, object id or other revision git rev-parse reads names it", rev)
}

var (
	// shortHex is an abbreviated object id (git's minimum is 4 digits).
	shortHex = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9a-fA-F]{4,39}$`) })
	// describeName is git describe's output: NAME-N-gHEX.
	describeName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`-g([0-9a-fA-F]{4,40})$`) })
)

// dwimRef looks name up with git's ref_rev_parse_rules and returns the
// first that exists (with its full name); names that are not HEAD, a
// pseudo-ref (ALL_CAPS) or under refs/ skip the "as written" rule.
func (h *history) dwimRef(name string) (plumbing.Hash, string, error) {
	rules := []string{"refs/%s", "refs/tags/%s", "refs/heads/%s", "refs/remotes/%s", "refs/remotes/%s/HEAD"}
	if pseudoRef().MatchString(name) || strings.HasPrefix(name, "refs/") {
		rules = append([]string{"%s"}, rules...)
	}
	for _, rule := range rules {
		full := strings.Replace(rule, "%s", name, 1)
		id, err := h.ref(full)
		if err != nil {
			continue // not a valid ref name under this rule
		}
		if !id.IsZero() {
			return id, full, nil
		}
	}
	return plumbing.ZeroHash, "", nil
}

// pseudoRef is HEAD or another ref of the git directory (FETCH_HEAD...).
var pseudoRef = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Z][A-Z_]*HEAD$|^HEAD$`) })

// byPrefix finds the object an abbreviated id names: the only object
// with that prefix, or the only commit (or tag) among several, as git
// prefers a committish; several is ambiguous.
func (h *history) byPrefix(prefix, rev string) (plumbing.Hash, error) {
	ids, err := h.db.FindPrefix(prefix)
	if err != nil {
		return plumbing.ZeroHash, spec.IOError("look up "+prefix, err)
	}
	if len(ids) > 1 {
		var commits []plumbing.Hash
		for _, id := range ids {
			if t, _ := h.db.TypeOf(id); t == plumbing.CommitObject || t == plumbing.TagObject {
				commits = append(commits, id)
			}
		}
		if len(commits) == 1 {
			return commits[0], nil
		}
		return plumbing.ZeroHash, spec.Errorf(spec.CodeAmbiguous, "the abbreviated id %s matches %d objects; give more digits", prefix, len(ids))
	}
	if len(ids) == 0 {
		return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "unknown revision %q: no object id starts with %s", rev, prefix)
	}
	return ids[0], nil
}

// atForm resolves REF@{SPEC}: a reflog entry (@{N}), the N-th branch
// checked out before (@{-N}), the upstream (@{u}, @{upstream}).
func (h *history) atForm(ref, at, rev string) (plumbing.Hash, error) {
	if h.repo == nil {
		return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q needs the repository's reflogs", rev)
	}
	switch low := strings.ToLower(at); {
	case ref == "" && strings.HasPrefix(at, "-"):
		n, err := strconv.Atoi(at[1:])
		if err != nil || n < 1 {
			break
		}
		return h.priorBranch(n, rev)
	case low == "u" || low == "upstream":
		return h.upstream(ref, rev)
	default:
		if n, err := strconv.Atoi(at); err == nil && n >= 0 {
			return h.reflogEntry(ref, n, rev)
		}
	}
	return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q: gitedit reads @{N}, @{-N} and @{upstream}, not @{%s}; give the commit id (git rev-parse %q)", rev, at, rev)
}

// currentBranch returns HEAD's branch ("main"), or "" when detached.
func (h *history) currentBranch() string {
	head, err := h.repo.Refs().ReadHead()
	if err != nil {
		return ""
	}
	return strings.TrimPrefix(head.Ref, "refs/heads/")
}
