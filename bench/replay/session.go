package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
)

// sessionChecks are the checks of the session mode, in table order.
var sessionChecks = []string{"stage", "ledger", "fsck", "series", "land", "land-each", "undo-last", "undo-rest", "undo-all"}

// window is k consecutive commits of a first-parent line, oldest first,
// and the commit they start from.
type window struct {
	base    string
	commits []string
}

// sessionReplayer replays windows of history as staging-mode sessions.
type sessionReplayer struct {
	*replayer
	tmp, am  string
	windows  []window
	trees    map[string]string // commit -> tree
	fsckBase map[string]bool   // lines git fsck --strict printed before any session
	rng      *rand.Rand
	// other: a second session edits otherFile before each batch.
	other bool
	// mode names the patcher of the batches (diff, mail, u0).
	mode string
}

// sessionOptions are the session mode's flags.
type sessionOptions struct {
	n, k, w int // the last n commits, windows of k, at most w (0: all)
	seed    uint64
	// merges takes merge commits too, as their first-parent diff.
	merges, other bool
}

// newSessionReplayer lists the windows of k commits among the last n
// commits of src's first-parent line (at most w windows, newest first;
// w 0: all) and makes a second scratch clone for git am.
func newSessionReplayer(rp *replayer, tmp string, opt sessionOptions) (*sessionReplayer, error) {
	sr := &sessionReplayer{replayer: rp, tmp: tmp, am: filepath.Join(tmp, "am"), trees: map[string]string{},
		rng: rand.New(rand.NewPCG(opt.seed, opt.seed)), other: opt.other}
	out, err := benchrepo.Output(rp.src, "git", "log", "--first-parent", "-n", fmt.Sprint(opt.n), "--format=%H %T %P", "HEAD")
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	slices.Reverse(lines)
	sr.windows = splitWindows(lines, opt, sr.trees)
	rp.commits = nil
	for _, win := range sr.windows {
		rp.commits = append(rp.commits, win.commits...)
	}
	if err := benchrepo.Command(tmp, "git", "clone", "-q", "--no-checkout", rp.src, sr.am); err != nil {
		return nil, err
	}
	sr.fsckBase = fsckLines(rp.work)
	// the second clone borrows the first's objects, for the trees atTree reads.
	alt := filepath.Join(sr.am, ".git", "objects", "info", "alternates")
	return sr, os.WriteFile(alt, []byte(filepath.Join(rp.work, ".git", "objects")+"\n"), 0o644)
}

// splitWindows cuts the first-parent lines ("commit tree parents", oldest
// first) into runs of non-merge commits (any commits with opt.merges)
// that change something, and the runs into windows of opt.k; it keeps
// the newest opt.w windows (0: all) and fills trees.
func splitWindows(lines []string, opt sessionOptions, trees map[string]string) []window {
	var wins []window
	var run []string
	base := ""
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) < 2 {
			continue
		}
		trees[f[0]] = f[1]
		// a root, a merge or a commit without a change ends a run.
		ok := (len(f) == 3 || opt.merges && len(f) > 3) && trees[f[2]] != "" && trees[f[2]] != f[1]
		if !ok || (len(run) > 0 && run[len(run)-1] != f[2]) {
			run = nil
			continue
		}
		if len(run) == 0 {
			base = f[2]
		}
		run = append(run, f[0])
		if len(run) == opt.k {
			wins = append(wins, window{base: base, commits: run})
			run = nil
		}
	}
	if opt.w > 0 && len(wins) > opt.w {
		wins = wins[len(wins)-opt.w:]
	}
	return wins
}

// replaySessions runs every window and returns the tally, one row per
// check.
func (sr *sessionReplayer) replaySessions() *tally {
	t := newTally()
	t.label = "check"
	for i, win := range sr.windows {
		s := fmt.Sprintf("replay-%s-%d", sr.mode, i)
		for _, c := range sessionChecks {
			o := sr.check(c, s, win)
			t.add(c, fmt.Sprintf("%.12s..%.12s", win.base, win.commits[len(win.commits)-1]), o)
			if c == "stage" && o.kind != "agree" {
				for _, rest := range sessionChecks[1:] {
					t.add(rest, win.base, outcome{"skipped", "a batch of the window was refused (counted once per check)"})
				}
				break
			}
		}
		fmt.Fprintf(os.Stderr, "replay: %d/%d windows\n", i+1, len(sr.windows))
	}
	return t
}

// check runs one check of window win recorded as session s.
func (sr *sessionReplayer) check(name, s string, win window) outcome {
	switch name {
	case "stage":
		return sr.stage(s, win)
	case "ledger":
		return sr.ledger(s, win)
	case "fsck":
		return sr.fsck()
	case "series":
		return sr.series(s, win)
	case "land":
		return sr.land(s, win, false)
	case "land-each":
		return sr.land(s, win, true)
	case "undo-last", "undo-rest":
		return sr.undoLast(s, win, name == "undo-rest")
	}
	return sr.undoAll(s, win)
}

// stage resets the scratch clone to the window's base and applies each
// commit's diff as a staging-mode batch of session s; after each, the
// index must hold the commit's tree and the files the index.
func (sr *sessionReplayer) stage(s string, win window) outcome {
	if err := sr.reset(win.base); err != nil {
		return outcome{"skipped", "git cannot check out the base (objects missing from the clone?)"}
	}
	parent := win.base
	for i, c := range win.commits {
		if sr.other {
			if err := sr.otherBatch(s, i); err != nil {
				return outcome{"refused", err.Error()}
			}
		}
		patch, err := patchers[sr.mode](sr.work, parent, c)
		if err != nil {
			return outcome{"skipped", "git cannot make the patch (objects missing from the clone?)"}
		}
		if err := os.WriteFile(sr.patchFile, []byte(patch), 0o644); err != nil {
			return outcome{"refused", err.Error()}
		}
		if stderr, err := benchrepo.CommandStderr(sr.work, nil, sr.bin, "patch", "--session", s, sr.patchFile); err != nil {
			return outcome{"refused", fmt.Sprintf("batch %d (%.12s): %s", i+1, c, firstLine(stderr))}
		}
		if o := sr.staged(sr.work, sr.expect(c, i+1)); o.kind != "agree" {
			o.detail = fmt.Sprintf("batch %d (%.12s): %s", i+1, c, o.detail)
			return o
		}
		parent = c
	}
	return outcome{"agree", ""}
}

// staged checks that dir's index holds tree and its files the index,
// with nothing untracked.
func (sr *sessionReplayer) staged(dir, tree string) outcome {
	got, err := benchrepo.Output(dir, "git", "write-tree")
	if err != nil {
		return outcome{"differ", err.Error()}
	}
	if strings.TrimSpace(got) != tree {
		stat, _ := benchrepo.Output(dir, "git", "diff", "--cached", "--stat=100", tree)
		return outcome{"differ", "index differs from the commit's tree:\n" + stat}
	}
	if out, _ := benchrepo.Output(dir, "git", "diff", "--name-status"); out != "" {
		return outcome{"differ", "files differ from the index:\n" + out}
	}
	if out, _ := benchrepo.Output(dir, "git", "ls-files", "-o", "--directory"); out != "" {
		return outcome{"differ", "untracked files left:\n" + out}
	}
	return outcome{"agree", ""}
}

// ledger checks S's ledger: a start entry on the base with its tree, then
// one entry per commit with the commit's tree, the session's trailer,
// and nothing else.
func (sr *sessionReplayer) ledger(s string, win window) outcome {
	out, err := benchrepo.Output(sr.work, "git", "log", "--first-parent", "--reverse",
		"--format=%H %T %(trailers:key=Edit-Session,valueonly,separator=%x2C) %(trailers:key=Edit-Ledger,valueonly,separator=%x2C)",
		win.base+"..refs/gitedit/sessions/"+s)
	if err != nil {
		return outcome{"differ", err.Error()}
	}
	entries := strings.Split(strings.TrimSpace(out), "\n")
	if len(entries) != len(win.commits)+1 {
		return outcome{"differ", fmt.Sprintf("%d entries, want %d (a start entry and one per batch)", len(entries), len(win.commits)+1)}
	}
	want := []string{sr.treeOf(win.base) + " start"}
	for _, c := range win.commits {
		want = append(want, sr.trees[c]+" "+s)
	}
	for i, e := range entries {
		f := strings.Fields(e)
		if got := strings.Join(f[1:], " "); got != want[i] {
			return outcome{"differ", fmt.Sprintf("entry %d %.12s: tree and trailer %q, want %q", i, f[0], got, want[i])}
		}
	}
	first, _ := benchrepo.Output(sr.work, "git", "rev-parse", strings.Fields(entries[0])[0]+"^")
	if strings.TrimSpace(first) != win.base {
		return outcome{"differ", "the start entry's parent is not the base: " + first}
	}
	return outcome{"agree", ""}
}

// treeOf is commit's tree.
func (sr *sessionReplayer) treeOf(commit string) string {
	if t, ok := sr.trees[commit]; ok {
		return t
	}
	out, _ := benchrepo.Output(sr.work, "git", "rev-parse", commit+"^{tree}")
	sr.trees[commit] = strings.TrimSpace(out)
	return sr.trees[commit]
}

// fsck checks that git fsck --strict prints nothing it did not print
// before the sessions.
func (sr *sessionReplayer) fsck() outcome {
	var fresh []string
	for l := range fsckLines(sr.work) {
		if !sr.fsckBase[l] {
			fresh = append(fresh, l)
		}
	}
	if len(fresh) > 0 {
		slices.Sort(fresh)
		return outcome{"differ", "git fsck --strict:\n" + strings.Join(fresh, "\n")}
	}
	return outcome{"agree", ""}
}

// fsckLines are the lines git fsck --strict prints in dir.
func fsckLines(dir string) map[string]bool {
	stdout, stderr, _ := runBoth(dir, "git", "fsck", "--strict", "--no-dangling", "--no-progress")
	lines := map[string]bool{}
	for _, l := range strings.Split(stdout+stderr, "\n") {
		if strings.TrimSpace(l) != "" && !strings.Contains(l, "git fsck") {
			lines[l] = true
		}
	}
	return lines
}

// runBoth runs a command and returns both outputs; its error is in them.
func runBoth(dir, name string, args ...string) (string, string, error) {
	stderr, err := benchrepo.CommandStderr(dir, nil, name, args...)
	if err != nil {
		return err.Error(), stderr, err
	}
	return "", stderr, nil
}

// copyWork copies the scratch clone (files, index, refs, reflogs) to a
// fresh folder named name and returns it.
func (sr *sessionReplayer) copyWork(name string) (string, error) {
	dst := filepath.Join(sr.tmp, name)
	if err := os.RemoveAll(dst); err != nil {
		return "", err
	}
	return dst, benchrepo.Command(sr.tmp, "cp", "-a", sr.work, dst)
}

// printSessions writes the session mode's table and failures.
func (sr *sessionReplayer) print(w io.Writer, t *tally, k int, verbose bool) {
	other := ""
	if sr.other {
		other = ", a second session editing " + otherFile + " before each batch"
	}
	fmt.Fprintf(w, "session mode: %d windows of %d commits, as staging-mode sessions of mode %s%s (one row per check, one count per window)\n", len(sr.windows), k, sr.mode, other)
	t.print(w, sr.replayer, sessionChecks, verbose)
}
