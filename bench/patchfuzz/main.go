// Command patchfuzz draws real git diffs from the history of local clones,
// damages them the way patches sent by models and people are damaged
// (fixtures/patchfuzz: cut at a line or inside one, blank lines inserted,
// header lines dropped or duplicated, names made to disagree, CRs added,
// hunks and files reordered, trailing blanks stripped, hunk counts
// changed), and applies each with `git apply --index` and with `gitedit
// patch` to identical repositories (the parent's versions of the files
// the commit changes):
//
//	go run ./bench/patchfuzz -repos DIR,DIR,DIR [-n 120] [-m 30] [-seed 1] [-j 2] [-out DIR]
//	go run ./bench/patchfuzz -seeds integration/testdata/patchfuzz -repos DIR,...
//	go run ./bench/patchfuzz -case FILE
//
// It prints, per repository and per mutation, how many patches both
// applied alike (agree-applied), both refused (agree-refused), gitedit
// applied and git refused, gitedit refused and git applied, both applied
// differently (differ), gitedit refused but changed the repository, and
// gitedit crashed. -out keeps every disagreement as a case file that
// -case replays (-case DIR replays all of them: which remain). The n commits are the last non-merge commits of each
// repository's HEAD; commit i's diff is taken with -U3, -U1 and -U0 in
// turn. -seeds writes the small seed corpus of the fuzz tests instead.
// The clones are only read; the work happens in a scratch folder.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/fixtures/patchfuzz"
)

func main() {
	repos := flag.String("repos", "", "comma-separated local clones (git folders) whose history is drawn from")
	n := flag.Int("n", 120, "non-merge commits per repository, counted back from HEAD")
	m := flag.Int("m", 30, "mutated patches per commit")
	seed := flag.Uint64("seed", 1, "random seed of the mutations")
	out := flag.String("out", "", "folder that keeps every disagreement as a case file")
	seeds := flag.String("seeds", "", "write the seed corpus of the fuzz tests into this folder instead")
	one := flag.String("case", "", "replay one case file and print both tools' answers; a folder: replay every case under it and print the tables")
	keep := flag.Bool("keep", false, "keep the scratch folder")
	jobs := flag.Int("j", 1, "commits run at the same time")
	flag.Parse()
	if err := run(*repos, *n, *m, *seed, *out, *seeds, *one, *keep, *jobs); err != nil {
		fmt.Fprintln(os.Stderr, "patchfuzz:", err)
		os.Exit(1)
	}
}

// run sets up the scratch folder and the runner and does what the flags
// ask.
func run(repos string, n, m int, seed uint64, out, seeds, one string, keep bool, jobs int) error {
	tmp, cleanup, err := benchrepo.Workspace("gitedit-patchfuzz-", keep)
	if err != nil {
		return err
	}
	defer cleanup()
	bin, err := benchrepo.BuildBinary(tmp)
	if err != nil {
		return err
	}
	home := tmp + "/home"
	if err := os.MkdirAll(home, 0o755); err != nil {
		return err
	}
	r := &patchfuzz.Runner{Gitedit: bin, Env: fixtures.Env(home), Dir: tmp}
	switch {
	case one != "":
		if fi, err := os.Stat(one); err == nil && fi.IsDir() {
			return replayCases(r, one)
		}
		return replayCase(r, one)
	case repos == "":
		return fmt.Errorf("-repos is required")
	case seeds != "":
		return writeSeeds(r, strings.Split(repos, ","), n, seeds)
	}
	f := &fuzzer{runners: []*patchfuzz.Runner{r}, m: m, seed: seed, out: out, tally: newTally()}
	for k := 1; k < jobs; k++ {
		dir := filepath.Join(tmp, fmt.Sprintf("worker%d", k))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		f.runners = append(f.runners, &patchfuzz.Runner{Gitedit: bin, Env: r.Env, Dir: dir})
	}
	for _, repo := range strings.Split(repos, ",") {
		if err := f.repo(repo, n); err != nil {
			return err
		}
	}
	f.tally.print(os.Stdout)
	return nil
}
