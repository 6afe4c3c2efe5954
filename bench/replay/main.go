// Command replay replays the history of a local clone through
// `gitedit patch --commit` and compares every result with git's.
//
//	go run ./bench/replay -repo PATH [-n 300] [-modes diff,mail,u0] [-v] [-keep]
//
// For each of the last n non-merge commits of PATH's HEAD (oldest first),
// a scratch clone is reset to the commit's parent and the commit's change
// is applied by gitedit, once per mode:
//
//	diff  git diff --binary -M PARENT COMMIT
//	mail  git format-patch -1 --stdout COMMIT (an email, as git am takes it)
//	u0    git diff -U0 --binary -M PARENT COMMIT (zero-context hunks)
//
// agree: gitedit committed exactly the commit's tree and left a clean
// status. differ: it committed something else (the figure that must be 0).
// refused: it refused the patch. Root commits and commits without a change
// are skipped. PATH is only read; the work happens in a scratch folder.
//
//	go run ./bench/replay -repo PATH -n 300 -session 30 [-windows 5] [-seed 1]
//
// The session mode cuts the last n commits of HEAD's first-parent line into
// windows of k consecutive non-merge commits that change something, and
// replays each window in the scratch clone, reset to the window's base, as
// one session (replay-MODE-I): each commit's patch, in each mode of -modes,
// is a staging-mode batch, `gitedit patch --session replay-MODE-I`. Then, one row per
// check: stage (after each batch the index holds the commit's tree and the
// files the index), ledger (a start entry on the base, then one entry per
// batch with the commit's tree), fsck (git fsck --strict prints nothing
// new), series (`gitedit series --session` through `git am --keep-cr` on
// the base gives the commits' trees one by one), land and land-each
// (`session land`, in a copy: one commit of the last tree, or the commits'
// trees one by one), undo-last (`undo --session --last M`, M random: index
// and files at commit K-M, the status git shows for that state), undo-rest
// (then the rest: the base) and undo-all (everything at once: the base).
// With -other, a second session (other-replay-I) adds a file of its own
// before the first batch and a line to it before each other batch: every
// index the checks expect holds it too, and a land leaves it staged. With
// -merges, merge commits of the line are batches too (their diff from the
// first parent), for histories of merged pull requests.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
)

func main() {
	repo := flag.String("repo", "", "local clone whose history is replayed (required)")
	n := flag.Int("n", 300, "how many non-merge commits, counted back from HEAD (session mode: first-parent commits)")
	modes := flag.String("modes", "diff,mail,u0", "comma-separated modes: diff, mail, u0")
	verbose := flag.Bool("v", false, "list every differing or refused commit, not only the first ones")
	keep := flag.Bool("keep", false, "keep the scratch folder")
	session := flag.Int("session", 0, "session mode: replay windows of this many commits as staging-mode sessions (0: off)")
	windows := flag.Int("windows", 0, "session mode: at most this many windows, the newest (0: all)")
	seed := flag.Uint64("seed", 1, "session mode: seed of the random undo --last counts")
	other := flag.Bool("other", false, "session mode: a second session edits a file of its own before each batch")
	merges := flag.Bool("merges", false, "session mode: take merge commits too, as their first-parent diff (modes diff and u0)")
	flag.Parse()
	if *repo == "" {
		flag.Usage()
		os.Exit(2)
	}
	var err error
	if *session > 0 {
		err = runSessions(*repo, sessionOptions{n: *n, k: *session, w: *windows, seed: *seed, merges: *merges, other: *other},
			strings.Split(*modes, ","), *verbose, *keep)
	} else {
		err = run(*repo, *n, strings.Split(*modes, ","), *verbose, *keep)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "replay:", err)
		os.Exit(1)
	}
}

// run sets up the scratch clone, replays the commits and prints the table.
func run(repo string, n int, modes []string, verbose, keep bool) error {
	for _, m := range modes {
		if _, ok := patchers[m]; !ok {
			return fmt.Errorf("unknown mode %q (want diff, mail or u0)", m)
		}
	}
	tmp, cleanup, err := benchrepo.Workspace("gitedit-replay-", keep)
	if err != nil {
		return err
	}
	defer cleanup()
	rp, err := newReplayer(repo, tmp, n)
	if err != nil {
		return err
	}
	tally := rp.replay(modes)
	tally.print(os.Stdout, rp, modes, verbose)
	return nil
}

// runSessions sets up the scratch clones, replays the windows of k
// commits as sessions and prints the table.
func runSessions(repo string, opt sessionOptions, modes []string, verbose, keep bool) error {
	for _, m := range modes {
		if _, ok := patchers[m]; !ok || m == "mail" && opt.merges {
			return fmt.Errorf("unknown mode %q (want diff, mail or u0; -merges: diff or u0)", m)
		}
	}
	tmp, cleanup, err := benchrepo.Workspace("gitedit-replay-", keep)
	if err != nil {
		return err
	}
	defer cleanup()
	rp, err := newReplayer(repo, tmp, 0)
	if err != nil {
		return err
	}
	sr, err := newSessionReplayer(rp, tmp, opt)
	if err != nil {
		return err
	}
	for i, m := range modes {
		if i > 0 {
			fmt.Println()
		}
		sr.mode = m
		sr.print(os.Stdout, sr.replaySessions(), opt.k, verbose)
	}
	return nil
}
