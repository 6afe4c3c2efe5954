package history

import (
	"container/heap"
	"regexp"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// reflogEntry resolves REF@{N}: the N-th older value in the reflog of
// ref (found as dwimRef finds it; "" is the current branch, HEAD's own
// reflog when detached), as git's read_ref_at: N past the newest-first
// entries is the oldest entry's old value when there is one.
func (h *history) reflogEntry(ref string, n int, rev string) (plumbing.Hash, error) {
	full := "HEAD"
	switch {
	case ref == "":
		if b := h.currentBranch(); b != "" {
			full = "refs/heads/" + b
		}
	case ref != "HEAD":
		_, name, err := h.dwimRef(ref)
		if err != nil || name == "" {
			return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q: no ref %s", rev, ref)
		}
		full = name
	}
	log, err := h.repo.Refs().Reflog(full)
	if err != nil {
		return plumbing.ZeroHash, spec.IOError("read the reflog of "+full, err)
	}
	switch {
	case n < len(log):
		return log[n].New, nil
	case n == len(log) && n > 0 && !log[n-1].Old.IsZero():
		return log[n-1].Old, nil
	}
	return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q: the reflog of %s has only %d entries", rev, full, len(log))
}

// checkoutMove is the message git's checkout writes to HEAD's reflog.
var checkoutMove = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^checkout: moving from (\S+) to \S+$`) })

// priorBranch resolves @{-N}: the branch (or commit) the N-th checkout
// before the current one moved from, read from HEAD's reflog.
func (h *history) priorBranch(n int, rev string) (plumbing.Hash, error) {
	log, err := h.repo.Refs().Reflog("HEAD")
	if err != nil {
		return plumbing.ZeroHash, spec.IOError("read the reflog of HEAD", err)
	}
	for _, e := range log {
		m := checkoutMove().FindStringSubmatch(e.Message)
		if m == nil {
			continue
		}
		if n--; n == 0 {
			if len(m[1]) == 40 && plumbing.IsHash(m[1]) {
				return plumbing.NewHash(m[1]), nil
			}
			return h.revBase(m[1])
		}
	}
	return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q: HEAD's reflog has not that many earlier checkouts", rev)
}

// upstream resolves BRANCH@{upstream}: branch.<b>.merge of
// branch.<b>.remote, mapped through the remote's fetch refspecs (a
// remote "." is the local branch itself).
func (h *history) upstream(ref, rev string) (plumbing.Hash, error) {
	branch := strings.TrimPrefix(ref, "refs/heads/")
	if branch == "" || branch == "HEAD" {
		branch = h.currentBranch()
	}
	cfg := h.repo.GitConfig()
	remote, _ := cfg.Get("branch." + branch + ".remote")
	merge, _ := cfg.Get("branch." + branch + ".merge")
	if branch == "" || remote == "" || merge == "" {
		return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q: no upstream configured for branch %q", rev, branch)
	}
	target := merge
	if remote != "." {
		target = ""
		for _, v := range cfg.All("remote." + remote + ".fetch") {
			if dst, ok := mapRefspec(v.Text, merge); ok {
				target = dst
			}
		}
	}
	id, err := h.ref(target)
	if err != nil || id.IsZero() {
		return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q: the upstream %s of branch %q is not here (fetch it first)", rev, merge, branch)
	}
	return id, nil
}

// mapRefspec maps ref through a fetch refspec "+SRC:DST" (one "*" each
// side at most); false when it does not match.
func mapRefspec(refspec, ref string) (string, bool) {
	src, dst, ok := strings.Cut(strings.TrimPrefix(refspec, "+"), ":")
	if !ok {
		return "", false
	}
	pre, post, star := strings.Cut(src, "*")
	if !star {
		return dst, src == ref
	}
	if !strings.HasPrefix(ref, pre) || !strings.HasSuffix(ref, post) || len(ref) < len(pre)+len(post) {
		return "", false
	}
	return strings.Replace(dst, "*", ref[len(pre):len(ref)-len(post)], 1), true
}

// searchFromRefs resolves :/TEXT from HEAD and every ref.
func (h *history) searchFromRefs(text, rev string) (plumbing.Hash, error) {
	starts := []plumbing.Hash{h.head}
	if h.repo != nil {
		refs, err := h.repo.Refs().List("refs/")
		if err != nil {
			return plumbing.ZeroHash, spec.IOError("list refs", err)
		}
		for _, r := range refs {
			if id, err := h.toCommit(r.Hash, rev); err == nil {
				starts = append(starts, id)
			}
		}
	}
	return h.searchMessage(starts, text, rev)
}

// searchMessage returns the youngest commit (by committer date) reachable
// from starts whose message matches TEXT, as git's get_oid_oneline: a
// regular expression, "!-" negates it, "!!" is a literal "!".
func (h *history) searchMessage(starts []plumbing.Hash, text, rev string) (plumbing.Hash, error) {
	negate := false
	switch {
	case strings.HasPrefix(text, "!-"):
		text, negate = text[2:], true
	case strings.HasPrefix(text, "!!"):
		text = text[1:]
	case strings.HasPrefix(text, "!"):
		return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q: unknown :/! modifier", rev)
	}
	re, err := regexp.Compile("(?s)" + text) // POSIX regexec: "." matches a newline
	if err != nil {
		return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q: %v", rev, err)
	}
	q := &byDate{}
	seen := map[plumbing.Hash]bool{}
	push := func(id plumbing.Hash) error {
		if id.IsZero() || seen[id] {
			return nil
		}
		seen[id] = true
		c, err := h.commit(id)
		if err == nil {
			heap.Push(q, c)
		}
		return err
	}
	for _, s := range starts {
		if err := push(s); err != nil {
			return plumbing.ZeroHash, err
		}
	}
	for n := 0; q.Len() > 0 && n < maxWalk; n++ {
		c := heap.Pop(q).(*objects.CommitInfo)
		if re.MatchString(c.Message) != negate {
			return c.Hash, nil
		}
		for _, p := range c.Parents {
			if err := push(p); err != nil {
				return plumbing.ZeroHash, err
			}
		}
	}
	return plumbing.ZeroHash, spec.Errorf(spec.CodeInvalidInput, "revision %q: no commit message matches", rev)
}

// byDate is a heap of commits, newest committer date first.
type byDate []*objects.CommitInfo

func (q byDate) Len() int           { return len(q) }
func (q byDate) Less(i, j int) bool { return q[i].Committer.When.After(q[j].Committer.When) }
func (q byDate) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *byDate) Push(x any)        { *q = append(*q, x.(*objects.CommitInfo)) }
func (q *byDate) Pop() any {
	old := *q
	c := old[len(old)-1]
	*q = old[:len(old)-1]
	return c
}
