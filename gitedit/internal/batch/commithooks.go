package batch

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/gitconfig"
	"github.com/gitedit/gitedit/gitedit/internal/hooks"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/lockfile"
	"github.com/gitedit/gitedit/gitedit/internal/refs"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// The hooks git commit runs, and the one git's ref transactions run.
const (
	hookPreCommit  = "pre-commit"
	hookPrepareMsg = "prepare-commit-msg"
	hookCommitMsg  = "commit-msg"
	hookPostCommit = "post-commit"
	hookRefTx      = "reference-transaction"
)

// commitHooks runs a batch's hooks; nil when the batch runs none of the
// commit hooks.
type commitHooks struct {
	run    hooks.Runner
	verify bool // false with --no-verify: no pre-commit, no commit-msg
	// author is the batch's author line, exported to the hooks as
	// GIT_AUTHOR_NAME, GIT_AUTHOR_EMAIL and GIT_AUTHOR_DATE, as git does.
	author string
	// gitDir is where a split index's shared index is looked for first
	// (see index.ReadIn).
	gitDir string
}

// hookRunner returns the repository's hook runner: core.hooksPath ("~/"
// expanded, relative to the top of the working tree) or $GIT_DIR/hooks
// (the common one in a linked worktree, as git's git_path finds it).
func hookRunner(r *repo.Repo) hooks.Runner {
	dir := filepath.Join(r.CommonDir(), "hooks")
	if p, ok := r.GitConfig().Get("core.hooksPath"); ok && p != "" {
		dir = repo.AbsFrom(r.WorkTree(), gitconfig.ExpandHome(p, os.LookupEnv))
	}
	return hooks.Runner{Dir: dir, WorkTree: r.WorkTree(), Output: &hooks.Output{}, Late: hooks.LateOutput{}}
}

// hooksFor returns the hooks of a commit-mode batch, or nil when none
// of pre-commit, prepare-commit-msg, commit-msg and post-commit exists
// (those --no-verify skips not counted).
func hooksFor(r *repo.Repo, opt spec.Options) *commitHooks {
	run := hookRunner(r)
	names := []string{hookPrepareMsg, hookPostCommit}
	if !opt.NoVerify {
		names = append(names, hookPreCommit, hookCommitMsg)
	}
	for _, n := range names {
		if _, ok := run.Path(n); ok {
			run.Env = hookEnv(r)
			return &commitHooks{run: run, verify: !opt.NoVerify, gitDir: r.GitDir()}
		}
	}
	return nil
}

// hookEnv is the environment git gives r's hooks (hooks.GitEnv).
func hookEnv(r *repo.Repo) []string { return hooks.GitEnv(r.WorkTree(), r.Dir(), r.GitDir()) }

// authorEnv exports the author line as git commit exports it to hooks.
func (h *commitHooks) authorEnv() []string {
	lt, gt := strings.IndexByte(h.author, '<'), strings.LastIndexByte(h.author, '>')
	if lt < 0 || gt < lt {
		return nil
	}
	return []string{"GIT_AUTHOR_NAME=" + strings.TrimSuffix(h.author[:lt], " "),
		"GIT_AUTHOR_EMAIL=" + h.author[lt+1:gt], "GIT_AUTHOR_DATE=@" + strings.TrimSpace(h.author[gt+1:])}
}

// commitEnv is the environment of the commit hooks: the index they see,
// and GIT_EDITOR=: (no editor runs), as git's run_commit_hook sets them.
func (h *commitHooks) commitEnv(indexFile string) []string {
	return append(h.authorEnv(), "GIT_INDEX_FILE="+indexFile, "GIT_EDITOR=:")
}

// runHook runs one hook; a refusal is conflict, with the hook's output.
// When ctx ends (a signal), the hook is stopped and the batch with it.
func (h *commitHooks) runHook(ctx context.Context, name string, env []string, args ...string) error {
	out := h.run.Output.(*hooks.Output)
	out.Reset()
	_, err := h.run.Run(ctx, name, env, nil, args...)
	if ctx.Err() != nil {
		out.Flush()
		return interrupted(ctx)
	}
	var failed *hooks.Failed
	if errors.As(err, &failed) {
		return &spec.Error{Code: spec.CodeConflict, Message: fmt.Sprintf("the %s hook refused the commit (exit status %d); nothing was changed%s", name, failed.Status, out.Tail()), Err: err}
	}
	out.Flush()
	if err != nil {
		return spec.IOError("hook "+name, err)
	}
	return nil
}

// preCommit runs pre-commit over the index file it is given, which holds
// the entries given, and refuses the batch when the hook changed what
// that index stages (a path, a stage, a mode, an object id): git would
// commit what the hook staged, gitedit does not commit changes it did not
// make (a hook that formats files should fail instead, or run before
// gitedit). A hook that only refreshed stat data (git status, git diff)
// changed nothing the commit holds: its file is kept, as git keeps it
// (index.lock then becomes the index; a temporary index is dropped).
func (h *commitHooks) preCommit(ctx context.Context, indexFile string, given []*index.Entry) error {
	if !h.verify {
		return nil
	}
	before := fileDigest(indexFile)
	if err := h.runHook(ctx, hookPreCommit, h.commitEnv(indexFile)); err != nil {
		return err
	}
	if fileDigest(indexFile) == before {
		return nil
	}
	if after, err := index.ReadIn(indexFile, h.gitDir); err == nil && index.SameContent(given, after.Entries()) {
		return nil
	}
	return spec.Errorf(spec.CodeUnsupported, "the pre-commit hook changed the index (GIT_INDEX_FILE); gitedit does not commit changes a hook stages, so nothing was changed: run the tool before gitedit, or make the hook fail instead")
}

// fileDigest is the SHA-256 of a file ("" when it cannot be read).
func fileDigest(p string) string {
	data, err := os.ReadFile(p)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(data)
	return string(sum[:])
}

// message passes msg through prepare-commit-msg (source "message", as
// for git commit -m) and commit-msg in $GIT_DIR/COMMIT_EDITMSG, and
// returns the message they leave, cleaned as git cleans it. An empty
// message is refused as git refuses it; so is one that lost a trailer
// gitedit wrote (log, undo and series read them).
func (h *commitHooks) message(ctx context.Context, gitDir, indexFile, msg string) (string, error) {
	file := filepath.Join(gitDir, "COMMIT_EDITMSG")
	if err := os.WriteFile(file, []byte(msg), 0o666); err != nil {
		return "", spec.IOError("write "+file, err)
	}
	arg := h.run.RelPath(file)
	if err := h.runHook(ctx, hookPrepareMsg, h.commitEnv(indexFile), arg, "message"); err != nil {
		return "", err
	}
	if h.verify {
		if err := h.runHook(ctx, hookCommitMsg, h.commitEnv(indexFile), arg); err != nil {
			return "", err
		}
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return "", spec.IOError("read "+file, err)
	}
	return checkHookMessage(msg, hooks.CleanMessage(string(data)))
}

// checkHookMessage refuses an empty message and one whose trailer block
// (last paragraph) lacks an Edit-* line of the original's.
func checkHookMessage(orig, msg string) (string, error) {
	if msg == "" {
		return "", spec.Errorf(spec.CodeConflict, "the message hooks left an empty commit message; nothing was changed (git aborts such a commit too)")
	}
	lines := map[string]bool{} // the lines of the trailer block, where git looks for trailers
	for _, l := range strings.Split(lastParagraph(msg), "\n") {
		lines[l] = true
	}
	for _, l := range strings.Split(lastParagraph(orig), "\n") {
		if strings.HasPrefix(l, "Edit-") && !lines[l] {
			return "", spec.Errorf(spec.CodeUnsupported, "a message hook removed, changed or moved out of the trailer block the trailer %q that gitedit writes (log, undo and series read it); nothing was changed", l)
		}
	}
	return msg, nil
}

// lastParagraph is the message's last paragraph, without its final
// newline: its trailer block.
func lastParagraph(msg string) string {
	msg = strings.TrimRight(msg, "\n")
	if i := strings.LastIndex(msg, "\n\n"); i >= 0 {
		return msg[i+2:]
	}
	return msg
}

// postCommit runs post-commit after the branch moved (its status is
// ignored, as git ignores it; a hook that cannot run, such as a folder,
// is reported on standard error, as git reports "cannot exec"; a signal
// stops it).
func (h *commitHooks) postCommit(ctx context.Context, indexFile string) {
	if h == nil {
		return
	}
	err := h.runHook(ctx, hookPostCommit, h.commitEnv(h.run.RelPath(indexFile)))
	if err != nil && ctx.Err() == nil && !errors.As(err, new(*hooks.Failed)) && spec.CodeOf(err) != spec.CodeConflict {
		fmt.Fprintf(os.Stderr, "gitedit: warning: the post-commit hook could not run (the commit is made): %s\n", quote.Printable(err.Error()))
	}
}

// hookIndex returns the index file the hooks see: the new index being
// written (index.lock) when it holds exactly the commit's tree, as with
// git commit -a; else, as for git's partial commit, a temporary
// "next-index-<pid>.lock" holding the tree (the entries that differ from
// it, staged changes the batch does not commit, reset to it). The
// returned function removes the temporary index.
func (w *batchWriter) hookIndex(tree plumbing.Hash) (string, func(), error) {
	lock := w.r.IndexFile() + ".lock"
	if w.built != nil || w.Idx.Sparse() {
		return lock, func() {}, nil
	}
	same, err := w.resetToTree(tree)
	if err != nil || same {
		return lock, func() {}, err
	}
	data, err := w.Idx.Encode()
	if err != nil {
		return "", nil, spec.IOError("encode the hooks' index", err)
	}
	p := filepath.Join(w.r.GitDir(), "next-index-"+strconv.Itoa(os.Getpid())+".lock")
	if err := os.WriteFile(p, data, 0o666); err != nil {
		return "", nil, spec.IOError("write "+p, err)
	}
	return p, func() { os.Remove(p) }, nil
}

// resetToTree makes w.idx (already written to index.lock) hold tree's
// files: it reports true when it already did.
func (w *batchWriter) resetToTree(tree plumbing.Hash) (bool, error) {
	want := map[string]*index.Entry{}
	err := w.trees.Walk(tree, func(p string, h plumbing.Hash, mode filemode.FileMode) {
		want[p] = &index.Entry{Name: p, Hash: h, Mode: uint32(mode)}
	})
	if err != nil {
		return false, spec.IOError("read tree "+tree.String(), err)
	}
	same := true
	for _, e := range append([]*index.Entry(nil), w.Idx.Entries()...) {
		if t := want[e.Name]; t != nil && e.Stage == 0 && t.Hash == e.Hash && t.Mode == e.Mode {
			delete(want, e.Name)
			continue
		}
		same = false
		w.Idx.Remove(e.Name)
	}
	for _, e := range want {
		same = false
		w.Idx.Add(e)
	}
	return same, nil
}

// refHook returns the reference-transaction hook of a ref update, or nil
// when the hook does not exist: it gets "<old> <new> <ref>" lines for
// HEAD and, when HEAD is on a branch, the branch, as git 2.39 sends them.
// When ctx ends (a signal), the hook is stopped, and not started again.
func refHook(ctx context.Context, r *repo.Repo, u *refs.Update, author string) func(string) error {
	run, ok := refTxRunner(r)
	if !ok {
		return nil
	}
	var stdin bytes.Buffer
	fmt.Fprintf(&stdin, "%s %s HEAD\n", u.Old, u.New)
	if u.Ref != "HEAD" {
		fmt.Fprintf(&stdin, "%s %s %s\n", u.Old, u.New, u.Ref)
	}
	return txHook(ctx, run, author, u.Ref, stdin.Bytes())
}

// LedgerHook returns the reference-transaction hook of a session ledger's
// moves (ledger.Pending.Hook, and the rollback and the drop of a ledger),
// or nil when the hook does not exist: it gets one line "<old> <new>
// <ref>" (old zero for a new ledger, new zero for a deletion) and no
// author, as git stash sends for refs/stash and git update-ref -d for a
// deletion.
func LedgerHook(ctx context.Context, r *repo.Repo) ledger.Hook {
	run, ok := refTxRunner(r)
	if !ok {
		return nil
	}
	return func(old, new plumbing.Hash, ref string) func(string) error {
		return txHook(ctx, run, "", ref, []byte(fmt.Sprintf("%s %s %s\n", old, new, ref)))
	}
}

// refTxRunner returns r's hook runner when the reference-transaction
// hook exists (one stat).
func refTxRunner(r *repo.Repo) (hooks.Runner, bool) {
	run := hookRunner(r)
	if _, ok := run.Path(hookRefTx); !ok {
		return run, false
	}
	run.Env = hookEnv(r)
	return run, true
}

// txHook runs the reference-transaction hook with stdin for each state
// of the update of ref; a refusal is conflict, with the hook's output.
func txHook(ctx context.Context, run hooks.Runner, author, ref string, stdin []byte) func(string) error {
	h := &commitHooks{run: run, author: author}
	return func(state string) error {
		out := run.Output.(*hooks.Output)
		out.Reset()
		_, err := run.Run(ctx, hookRefTx, h.authorEnv(), stdin, state)
		if ctx.Err() != nil {
			out.Flush()
			return interrupted(ctx)
		}
		var failed *hooks.Failed
		if errors.As(err, &failed) {
			return &spec.Error{Code: spec.CodeConflict, Message: fmt.Sprintf("the reference-transaction hook refused the update of %s (exit status %d); nothing was changed%s", ref, failed.Status, out.Tail()), Err: err}
		}
		out.Flush()
		return err
	}
}

// hookedCommits, when the batch has commit hooks, runs them and writes
// the commits (see commitWithHooks), setting *update.
func (w *batchWriter) hookedCommits(ctx context.Context, lock *lockfile.File, update **refs.Update) error {
	if w.plan == nil {
		return nil
	}
	return w.revocable(ctx, "hooks", func() (err error) {
		*update, err = w.commitWithHooks(ctx, lock)
		return err
	})
}

// commitWithHooks runs the commit hooks where git commit runs them, with
// the files and the new index (index.lock) written and the branch not yet
// moved: pre-commit, then prepare-commit-msg and commit-msg on each
// commit's message; then it writes the commits (made durable: the batch's
// syncfs ran before them) and returns the ref update. A refusing hook
// refuses the batch, which then changes nothing.
func (w *batchWriter) commitWithHooks(ctx context.Context, lock *lockfile.File) (*refs.Update, error) {
	p := w.plan
	w.hooks.author = p.author
	indexFile, cleanup, err := w.hookIndex(p.commits[len(p.commits)-1].tree)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	err = w.hooks.preCommit(ctx, indexFile, w.Idx.Entries())
	lock.Adopt() // a hook that replaced index.lock: a refusal removes its file
	if err != nil {
		return nil, err
	}
	for i := range p.commits {
		if p.commits[i].msg, err = w.hooks.message(ctx, w.r.GitDir(), indexFile, p.commits[i].msg); err != nil {
			return nil, err
		}
	}
	u, err := w.writeCommits(ctx, p)
	if err == nil && repo.HaveSyncFS && repo.SyncFS(w.r.CommonDir()) != nil {
		err = spec.IOError("sync the commits", errSyncFailed)
	}
	return u, err
}
