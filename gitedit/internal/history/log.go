package history

import (
	"container/heap"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/shallow"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// The trailer keys gitedit writes (docs/reference.md#commit-messages-and-trailers) and reads back.
const (
	trTool       = "Edit-Tool"
	trFile       = "Edit-File"
	trFiles      = "Edit-Files"
	trBlobBefore = "Edit-Blob-Before"
	trBlobAfter  = "Edit-Blob-After"
	trCount      = "Edit-Count"
	trMatch      = "Edit-Match"
	trSession    = "Edit-Session"
	trAgent      = "Edit-Agent"
	trRequest    = "Edit-Request"
	trReverts    = "Edit-Reverts"
)

// maxWalk bounds history walks (log, default ranges, abbreviated ids).
const maxWalk = 100000

// Log lists the gitedit commits (those with an Edit-Tool trailer)
// reachable from HEAD, newest first, filtered by req. An unborn branch
// gives an empty list; a negative N is invalid_input.
func Log(ctx context.Context, r *repo.Repo, req spec.LogRequest) ([]spec.LogEntry, error) {
	list, err := LogList(ctx, r, req)
	if err != nil {
		return nil, err
	}
	return list.Commits, nil
}

// LogList is Log with its notes: for a session without ledger (dropped,
// or never recorded here), that the commits are its commits on the
// branch, found by their Edit-Session trailer.
func LogList(ctx context.Context, r *repo.Repo, req spec.LogRequest) (*spec.LogList, error) {
	if req.N < 0 {
		return nil, spec.Errorf(spec.CodeInvalidInput, "n must not be negative (0 lists every commit)")
	}
	h, err := openHistory(r)
	if err != nil {
		return nil, err
	}
	defer h.close()
	if req.File != "" {
		rel, err := logPath(r, req.File)
		if err != nil {
			return nil, err
		}
		req.File = rel
	}
	list := &spec.LogList{}
	if req.Session != "" {
		entries, ok, err := h.sessionLog(ctx, r, req)
		if err != nil {
			return nil, err
		}
		list.Notes = h.recovered
		if ok {
			list.Commits = entries
			return list, nil
		}
		list.Notes = append(list.Notes, noLedgerNote(req.Session, "listing its commits on the branch instead"))
	}
	entries, err := h.log(ctx, req)
	if err == nil && (req.Stat || req.Patch) {
		err = h.addDiffs(entries, req)
	}
	if err != nil {
		return nil, err
	}
	list.Commits = entries
	return list, nil
}

// noLedgerNote says that session has no ledger, and what is shown
// instead (shown: "listing its commits on the branch instead").
func noLedgerNote(session, shown string) string {
	return fmt.Sprintf("session %s has no ledger (none was recorded here, or gitedit session drop deleted it): %s, found by their Edit-Session trailer", session, shown)
}

// logPath is log's --file as a repository-relative path: resolved in the
// working tree, or, in a bare repository, read from the top as git reads
// a pathspec there.
func logPath(r *repo.Repo, p string) (string, error) {
	if r.Bare() {
		return r.TreePath(p)
	}
	rel, _, err := r.ResolvePath(p)
	return rel, err
}

// history reads the commits of one repository: its objects (commits,
// trees and blobs through gitedit's own reader), HEAD, and a resolver of
// full ref names (zero when the ref does not exist).
type history struct {
	db    *objects.DB
	trees *objects.Trees
	head  plumbing.Hash
	ref   func(name string) (plumbing.Hash, error)
	// shallow are the commits of a shallow clone whose parents are
	// missing: as in git, they read as commits without parents.
	shallow map[plumbing.Hash]bool
	// repo, when set, gives the reflogs, the refs to search and the
	// config that some revisions need (see resolve).
	repo *repo.Repo
	// recovered is the note of the rollback of a killed batch that
	// reading the ledgers did (see ledgers), for the reader's result.
	recovered []string
}

// openHistory opens the repository's commit history at HEAD.
func openHistory(r *repo.Repo) (*history, error) {
	head, err := r.Refs().ReadHead()
	if err != nil {
		return nil, spec.IOError("read HEAD", err)
	}
	cut, err := shallow.Read(r.CommonDir())
	if err != nil {
		return nil, spec.IOError("read the shallow file", err)
	}
	h := newHistory(objects.NewDB(r.ObjectsDir()), head.Commit, r.Refs().Resolve)
	h.shallow, h.repo = cut, r
	return h, nil
}

// newHistory reads history from db, at head.
func newHistory(db *objects.DB, head plumbing.Hash, ref func(string) (plumbing.Hash, error)) *history {
	return &history{db: db, trees: objects.NewTrees(db), head: head, ref: ref}
}

// close releases the object database (its open packs).
func (h *history) close() { _ = h.db.Close() }

// commit reads one commit object; a shallow commit has no parents.
func (h *history) commit(id plumbing.Hash) (*objects.CommitInfo, error) {
	c, err := objects.ReadCommit(h.db, id)
	if err != nil {
		return nil, spec.IOError("read commit "+id.String(), err)
	}
	if h.shallow[id] {
		c.Parents = nil
	}
	return c, nil
}

// log walks from HEAD by commit time and keeps the gitedit commits that
// pass req's filters (req.File is repository-relative).
func (h *history) log(ctx context.Context, req spec.LogRequest) ([]spec.LogEntry, error) {
	entries := []spec.LogEntry{}
	if h.head.IsZero() {
		return entries, nil
	}
	err := h.byCommitTime(h.head, func(c *objects.CommitInfo) (bool, error) {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		e, ok := entryOf(c)
		if !ok {
			return true, nil
		}
		if err := listEntryFiles(&e, h, c); err != nil {
			return false, err
		}
		if entryMatches(&e, req) {
			entries = append(entries, e)
		}
		return req.N <= 0 || len(entries) < req.N, nil
	})
	return entries, err
}

// byCommitTime calls fn on from and its ancestors, newest committer date
// first (as git log), each once, until fn returns false or an error, or
// maxWalk commits were seen. Shallow commits end their line.
func (h *history) byCommitTime(from plumbing.Hash, fn func(*objects.CommitInfo) (bool, error)) error {
	start, err := h.commit(from)
	if err != nil {
		return err
	}
	queue := &commitQueue{start}
	seen := map[plumbing.Hash]bool{from: true}
	for n := 0; queue.Len() > 0 && n < maxWalk; n++ {
		c := heap.Pop(queue).(*objects.CommitInfo)
		if more, err := fn(c); err != nil || !more {
			return err
		}
		for _, p := range c.Parents {
			if seen[p] {
				continue
			}
			seen[p] = true
			pc, err := h.commit(p)
			if err != nil {
				return err
			}
			heap.Push(queue, pc)
		}
	}
	return nil
}

// commitQueue is a max-heap of commits by committer date.
type commitQueue []*objects.CommitInfo

// Len, Less and Swap are sort.Interface, newest committer date first.
func (q commitQueue) Len() int           { return len(q) }
func (q commitQueue) Less(i, j int) bool { return q[i].Committer.When.After(q[j].Committer.When) }
func (q commitQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }

// Push adds a commit (container/heap's interface).
func (q *commitQueue) Push(x any) { *q = append(*q, x.(*objects.CommitInfo)) }

// Pop removes the last commit (container/heap's interface).
func (q *commitQueue) Pop() any {
	old := *q
	c := old[len(old)-1]
	*q = old[:len(old)-1]
	return c
}

// listEntryFiles fills Files from the commit's changes when its message lists
// them only as a count (an Edit-Files trailer: recipes over many files).
func listEntryFiles(e *spec.LogEntry, h *history, c *objects.CommitInfo) error {
	if len(e.Files) > 0 || !entryHasTrailer(e, trFiles) {
		return nil
	}
	paths, err := h.commitPaths(c)
	if err != nil {
		return err
	}
	e.Files = paths
	return nil
}

// entryHasTrailer reports whether the entry carries a trailer named key.
func entryHasTrailer(e *spec.LogEntry, key string) bool {
	for _, t := range e.Trailers {
		if strings.EqualFold(t.Key, key) {
			return true
		}
	}
	return false
}

// commitPaths lists the paths c changes against its first parent, in
// tree order.
func (h *history) commitPaths(c *objects.CommitInfo) ([]string, error) {
	changes, err := h.commitChanges(c)
	if err != nil {
		return nil, err
	}
	paths := make([]string, 0, len(changes))
	for _, ch := range changes {
		name := ch.to.Path()
		if name == "" {
			name = ch.from.Path()
		}
		paths = append(paths, name)
	}
	return paths, nil
}

// entryMatches applies the log filters.
func entryMatches(e *spec.LogEntry, req spec.LogRequest) bool {
	if req.Session != "" && e.Session != req.Session {
		return false
	}
	if req.Agent != "" && e.Agent != req.Agent {
		return false
	}
	if req.File == "" {
		return true
	}
	for _, f := range e.Files {
		if f == req.File {
			return true
		}
	}
	return false
}

// entryOf parses a commit's message; ok is false when it is not a gitedit
// commit (no Edit-Tool trailer).
func entryOf(c *objects.CommitInfo) (spec.LogEntry, bool) {
	subject, body := splitMessage(c.Message)
	trailers := commitmsg.Parse(c.Message)
	e := spec.LogEntry{Commit: c.Hash.String(), Subject: subject, Body: stripTrailerBlock(body, len(trailers) > 0),
		Author: c.Author.Name, AuthorEmail: c.Author.Email, Date: c.Author.When, Files: []string{},
		Trailers: make([]spec.Trailer, 0, len(trailers))}
	for _, t := range trailers {
		e.Trailers = append(e.Trailers, t)
		setEntryTrailer(&e, t.Key, t.Value)
	}
	return e, e.Tool != ""
}

// setEntryTrailer fills the field a known trailer maps to.
func setEntryTrailer(e *spec.LogEntry, key, value string) {
	switch {
	case strings.EqualFold(key, trTool):
		e.Tool = value
	case strings.EqualFold(key, trFile):
		e.Files = append(e.Files, quote.UnquotePath(value))
	case strings.EqualFold(key, trBlobBefore):
		e.BlobsBefore = append(e.BlobsBefore, fileBlobOf(value))
	case strings.EqualFold(key, trBlobAfter):
		e.BlobsAfter = append(e.BlobsAfter, fileBlobOf(value))
	case strings.EqualFold(key, trCount):
		e.Count, _ = strconv.Atoi(value)
	case strings.EqualFold(key, trMatch):
		e.Match = splitList(value)
	case strings.EqualFold(key, trSession):
		e.Session = value
	case strings.EqualFold(key, trAgent):
		e.Agent = value
	case strings.EqualFold(key, trRequest):
		e.Request = value
	case strings.EqualFold(key, trReverts):
		e.Reverts = value
	}
}

// fileBlobOf parses "path blob" (the blob is the last word, so paths may
// hold spaces); a lone word is a path without blob.
func fileBlobOf(v string) spec.FileBlob {
	i := strings.LastIndexByte(v, ' ')
	if i < 0 {
		return spec.FileBlob{FilePath: quote.UnquotePath(v)}
	}
	return spec.FileBlob{FilePath: quote.UnquotePath(v[:i]), Blob: v[i+1:]}
}

// splitList splits a comma-separated trailer value.
func splitList(v string) []string {
	var out []string
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// splitMessage returns a commit message's subject (its first paragraph,
// lines joined with spaces, as git does) and the rest.
func splitMessage(msg string) (subject, body string) {
	msg = strings.TrimLeft(msg, "\n")
	head, rest, _ := strings.Cut(msg, "\n\n")
	subject = strings.Join(strings.Fields(strings.ReplaceAll(head, "\n", " ")), " ")
	return subject, strings.Trim(rest, "\n")
}

// stripTrailerBlock drops the last paragraph of body when it is the
// trailer block.
func stripTrailerBlock(body string, hasTrailers bool) string {
	if !hasTrailers {
		return body
	}
	i := strings.LastIndex(body, "\n\n")
	if i < 0 {
		return ""
	}
	return strings.TrimRight(body[:i], "\n")
}

// firstParents calls fn on from and its first-parent ancestors, newest
// first, until fn returns false or the walk ends.
func (h *history) firstParents(from plumbing.Hash, fn func(*objects.CommitInfo) bool) error {
	for n := 0; !from.IsZero() && n < maxWalk; n++ {
		c, err := h.commit(from)
		if err != nil {
			return err
		}
		if !fn(c) {
			return nil
		}
		from = plumbing.ZeroHash
		if len(c.Parents) > 0 {
			from = c.Parents[0]
		}
	}
	return nil
}

// shortID abbreviates a commit id for messages.
func shortID(id string) string {
	if len(id) > 12 {
		return id[:12]
	}
	return id
}

// describeCommit is "<short id> "<subject>"" for messages.
func describeCommit(c *objects.CommitInfo) string {
	subject, _ := splitMessage(c.Message)
	return fmt.Sprintf("%s %q", shortID(c.Hash.String()), subject)
}
