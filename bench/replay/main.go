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
	n := flag.Int("n", 300, "how many non-merge commits, counted back from HEAD")
	modes := flag.String("modes", "diff,mail,u0", "comma-separated modes: diff, mail, u0")
	verbose := flag.Bool("v", false, "list every differing or refused commit, not only the first ones")
	keep := flag.Bool("keep", false, "keep the scratch folder")
	flag.Parse()
	if *repo == "" {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*repo, *n, strings.Split(*modes, ","), *verbose, *keep); err != nil {
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
