// Command sizes measures gitedit against the git CLI doing the same work
// at several repository sizes, in one run, the contenders alternating
// round by round, and prints one table: each contender's median, the
// median of the per-round ratios, and gitedit's phases (from
// GITEDIT_TRACE_PERFORMANCE=1). Automatic gc is off in every repository.
//
//	go run ./bench/sizes [-rounds 21] [-large] [-fsync all] [-keep] [-mcp [-base BIN]] [-ledger] [-sessions [-splitindex|-indexv4]]
//
// Rows: process start (gitedit hash vs git hash-object); one edit and a
// commit at 50 and 5,000 files (and 100,000 with -large) against sed, git
// add and git commit; a three-hunk git diff applied and committed at 5,000
// files, and one real commit's diff (gitedit's own history) on its
// parent's tree, against git apply --index and git commit; a staging-mode
// edit with and without its session ledger entry at each size (-ledger:
// these rows only); session show, log, undo, land and series of a
// 100-batch session at 100,000 files against 5,000 (-sessions: these rows
// only, not run otherwise; with -splitindex, a one-batch undo and a
// one-file edit with the index whole and then split, and git update-index
// --cacheinfo beside them; with -indexv4, in version 4 instead of split);
// and the p50 of
// an MCP edit call on 50 files, with and without commit mode, beside the
// floor of each: the call's unavoidable writes alone (-mcp: these rows
// only; -base BIN adds the same calls to a server of another gitedit
// binary, alternating with this build's, and their ratio).
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
)

// settings are the command's flags.
type settings struct {
	rounds int
	large  bool
	fsync  string
	keep   bool
	real   string
	mcp    bool
	ledger bool
	sess   bool
	split  bool
	v4     bool
	base   string
}

func main() {
	var s settings
	flag.IntVar(&s.rounds, "rounds", 21, "measured rounds of each row (the start row runs 5× as many)")
	flag.BoolVar(&s.large, "large", false, "add the 100,000-file row (generating it takes about a minute)")
	flag.StringVar(&s.fsync, "fsync", "", "core.fsync for every repository (\"\": git's default; \"all\": sync everything)")
	flag.BoolVar(&s.keep, "keep", false, "keep the generated repositories")
	flag.BoolVar(&s.mcp, "mcp", false, "run the MCP rows (and their floors) only")
	flag.BoolVar(&s.ledger, "ledger", false, "run the session ledger rows only")
	flag.BoolVar(&s.sess, "sessions", false, "run the session command rows only (a 100-batch session at 100,000 against 5,000 files)")
	flag.BoolVar(&s.split, "splitindex", false, "with -sessions: time a one-batch undo and a one-file edit with the index whole, then split (core.splitIndex=true), instead")
	flag.BoolVar(&s.v4, "indexv4", false, "with -sessions: as -splitindex, the index in version 4 (feature.manyFiles) instead of split")
	flag.StringVar(&s.base, "base", "", "with -mcp: also compare this build's MCP edit call with a server of this gitedit `binary`")
	flag.StringVar(&s.real, "real", realCommit, "commit of gitedit's history whose diff the real-diff row applies")
	flag.Parse()
	if err := run(s); err != nil {
		fmt.Fprintln(os.Stderr, "bench/sizes:", err)
		os.Exit(1)
	}
}

// realCommit is the default real diff: "Stage blobs as git add stores
// them", 2 files, 18 insertions and 6 deletions, on a 133-file tree.
const realCommit = "200ab142c81ffa99222fa2ef1cd7496a9b7009d1"

// row is one line of the table.
type row struct {
	name         string
	gitedit, git []time.Duration
	ratios       []float64
	phases       benchrepo.Phases
	target       string
	noGit        bool // an absolute target: gitedit's p50 alone
}

// add records one round.
func (r *row) add(ge, git time.Duration) {
	r.gitedit, r.git = append(r.gitedit, ge), append(r.git, git)
	r.ratios = append(r.ratios, float64(ge)/float64(git))
}

// run prepares the binary, runs every row and prints the table.
func run(s settings) error {
	tmp, cleanup, err := benchrepo.Workspace("gitedit-bench-sizes-", s.keep)
	if err != nil {
		return err
	}
	defer cleanup()
	bin, err := benchrepo.BuildBinary(tmp)
	if err != nil {
		return err
	}
	b := &bench{s: s, bin: bin, tmp: tmp, load: loadAverage()}
	steps := []func() error{b.start, b.editRows, b.ledgerRows, b.diffRow, b.realRow, b.mcpRows}
	switch {
	case s.mcp && s.base != "":
		steps = []func() error{b.mcpBaseRows, b.mcpRows}
	case s.mcp:
		steps = steps[len(steps)-1:]
	case s.ledger:
		steps = []func() error{b.ledgerRows}
	case s.sess && (s.split || s.v4):
		steps = []func() error{b.splitRows}
	case s.sess:
		steps = []func() error{b.sessionRows}
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	b.print()
	return nil
}

// bench carries the rows and where they run.
type bench struct {
	s        settings
	bin, tmp string
	rows     []*row
	load     string // the load average when the rows started
}

// loadAverage returns the 1-, 5- and 15-minute load averages
// (/proc/loadavg), or "unknown".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(data)); err == nil && len(f) >= 3 {
		return strings.Join(f[:3], " ")
	}
	return "unknown"
}

// repo generates a repository of files files named name in tmp, with
// core.fsync set when asked.
func (b *bench) repo(name string, files int, body func(i int) string) (string, error) {
	dir := filepath.Join(b.tmp, name)
	if err := benchrepo.Generate(dir, files, benchrepo.FileName, body); err != nil {
		return "", err
	}
	return dir, b.configure(dir)
}

// configure sets core.fsync in dir when the -fsync flag asks for it.
func (b *bench) configure(dir string) error {
	if b.s.fsync == "" {
		return nil
	}
	return benchrepo.Command(dir, "git", "config", "core.fsync", b.s.fsync)
}

// start times gitedit hash against git hash-object on a small file.
func (b *bench) start() error {
	dir, err := b.repo("start", 50, benchrepo.ConstBody)
	if err != nil {
		return err
	}
	r := &row{name: "process start: `gitedit hash F` vs `git hash-object F` (plain build)", target: "≤ 2.0"}
	for i := 0; i <= 5*b.s.rounds; i++ {
		ge, err := benchrepo.Timed(dir, b.bin, "hash", benchrepo.FileName(0))
		if err != nil {
			return err
		}
		git, err := benchrepo.Timed(dir, "git", "hash-object", benchrepo.FileName(0))
		if err != nil {
			return err
		}
		if i > 0 {
			r.add(ge, git)
		}
	}
	b.rows = append(b.rows, r)
	return nil
}

// print writes the table and the phases.
func (b *bench) print() {
	fsync := "git's default (nothing gitedit writes is synced)"
	if b.s.fsync != "" {
		fsync = b.s.fsync
	}
	fmt.Printf("\ncore.fsync: %s; %d rounds per row, alternating (each contender first in every other round); ratio = median of per-round ratios\n", fsync, b.s.rounds)
	fmt.Printf("gitedit built plainly (go build ., no tags, cgo as the toolchain defaults); load average at the start %s, at the end %s\n\n", b.load, loadAverage())
	fmt.Println("| case | gitedit | git CLI | ratio | target |")
	fmt.Println("|---|---|---|---|---|")
	for _, r := range b.rows {
		if r.noGit {
			fmt.Printf("| %s | %s (p50 of %d) | – | – | %s |\n", r.name, ms(benchrepo.Median(r.gitedit)), len(r.gitedit), r.target)
			continue
		}
		fmt.Printf("| %s | %s | %s | %.2f× | %s |\n", r.name, ms(benchrepo.Median(r.gitedit)), ms(benchrepo.Median(r.git)), benchrepo.Median(r.ratios), r.target)
	}
	fmt.Println("\ngitedit's phases (medians, GITEDIT_TRACE_PERFORMANCE=1):")
	for _, r := range b.rows {
		if p := r.phases.String(10 * time.Microsecond); p != "" {
			fmt.Printf("- %s: %s\n", r.name, p)
		}
	}
}

// ms formats d in milliseconds with two decimals.
func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/1e6) }

// timedGitedit runs gitedit with tracing on, records its phases and
// returns its wall time.
func (b *bench) timedGitedit(r *row, dir string, args ...string) (time.Duration, error) {
	start := time.Now()
	stderr, err := benchrepo.CommandStderr(dir, []string{"GITEDIT_TRACE_PERFORMANCE=1"}, b.bin, args...)
	d := time.Since(start)
	r.phases.AddRun(stderr, d)
	return d, err
}

// timedPair runs one round's two contenders, gitedit first in even
// rounds and git first in odd ones, so that neither always works right
// after the other (the inodes the other freed, its pages in the cache),
// and returns their wall times.
func timedPair(round int, ge, git func() (time.Duration, error)) (dGe, dGit time.Duration, err error) {
	if round%2 == 1 {
		if dGit, err = git(); err != nil {
			return 0, 0, err
		}
		dGe, err = ge()
		return dGe, dGit, err
	}
	if dGe, err = ge(); err != nil {
		return 0, 0, err
	}
	dGit, err = git()
	return dGe, dGit, err
}

// timedSeq runs commands one after the other (no shell) and returns their
// total wall time.
func timedSeq(dir string, cmds ...[]string) (time.Duration, error) {
	var total time.Duration
	for _, c := range cmds {
		d, err := benchrepo.Timed(dir, c[0], c[1:]...)
		if err != nil {
			return 0, err
		}
		total += d
	}
	return total, nil
}

// diffBody is the content of generated file i for the diff rows: 45
// lines, three of which (5, 20, 35) the diffs change.
func diffBody(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package p%d\n\n", i/1000)
	for j := 2; j < 45; j++ {
		if j%15 == 5 {
			fmt.Fprintf(&b, "var v%d = 1\n", j)
		} else {
			fmt.Fprintf(&b, "// line %d of file %d\n", j, i)
		}
	}
	return b.String()
}
