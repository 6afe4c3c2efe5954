// Command recipe measures `gitedit run --commit` against the usual shell
// codemod doing the same work, `git grep -l X | xargs sed -i … && git
// commit -am …`, on a generated repository where 1% of the files hold the
// target. gitedit runs with its scan cache and without it (the first run
// on a checkout, and CI on a fresh clone); the contenders alternate in one
// run, and the medians and their ratios to the shell's are printed.
//
//	go run ./bench/recipe [-files 100000] [-rounds 7] [-keep]
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
)

// The two spellings of the target the contenders rename back and forth.
const (
	tokenA = "FetchUserRecord("
	tokenB = "LoadUserRecord("
)

func main() {
	files := flag.Int("files", 100000, "tracked files in the generated repository")
	rounds := flag.Int("rounds", 7, "measured rounds of each contender")
	keep := flag.Bool("keep", false, "keep the generated repository")
	flag.Parse()
	if err := run(*files, *rounds, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "bench/recipe:", err)
		os.Exit(1)
	}
}

// run builds the binary and the repository, then alternates the contenders.
func run(files, rounds int, keep bool) error {
	s, err := benchrepo.Prepare("gitedit-bench-recipe-", keep, files, benchrepo.FileName, body)
	if err != nil {
		return err
	}
	defer s.Cleanup()
	bin, repo, tmp := s.Bin, s.Repo, filepath.Dir(s.Repo)
	fmt.Printf("repository: %d tracked files, %d with the target, built in %s; %d CPUs\n",
		files, targets(files), s.Built.Round(time.Millisecond), runtime.NumCPU())
	// Read every file once, so that the first timed run does not pay for
	// the access-time updates of files never read since they were written.
	if err := benchrepo.Command(repo, "git", "grep", "-q", "-F", "never-found-in-the-bench", "--", "."); err != nil && !strings.Contains(err.Error(), "exit status 1") {
		return err
	}
	return compare(bin, tmp, repo, rounds, files)
}

// noCache is the environment that turns gitedit's scan cache off.
var noCache = []string{"GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=gitedit.scanCache", "GIT_CONFIG_VALUE_0=false"}

// contender is one command measured in each round.
type contender struct {
	name  string
	env   []string
	args  []string // after the binary; nil for the shell pipeline
	times []time.Duration
	// phases are the wall times gitedit reports for each phase of its
	// runs (GITEDIT_TRACE_PERFORMANCE).
	phases benchrepo.Phases
}

// run times one run of a gitedit contender and records its phases.
func (g *contender) run(repo, bin string) (time.Duration, error) {
	start := time.Now()
	stderr, err := benchrepo.CommandStderr(repo, append(g.env, "GITEDIT_TRACE_PERFORMANCE=1"), bin, g.args...)
	d := time.Since(start)
	g.phases.Add(stderr)
	return d, err
}

// compare alternates gitedit (with its scan cache, then without it) and
// the shell pipeline, and reports medians and ratios. Each gitedit run
// renames A to B and is followed by a shell run renaming B back to A, so
// every contender touches the same files. Round 0 warms the page cache and
// is not counted, except that gitedit's first run there, with no scan
// cache yet, is reported as the first-run figure.
func compare(bin, tmp, repo string, rounds, files int) error {
	recipe := filepath.Join(tmp, "recipe.yaml")
	src := fmt.Sprintf("name: bench-rename\nfiles: [\"**/*.go\"]\nedits:\n  - old_string: %q\n    new_string: %q\n    replace_all: true\n", tokenA, tokenB)
	if err := os.WriteFile(recipe, []byte(src), 0o644); err != nil {
		return err
	}
	args := []string{"run", "--commit", "-m", "bench: gitedit", recipe}
	cached := &contender{name: "gitedit run --commit (scan cache)", args: args}
	uncached := &contender{name: "gitedit run --commit (no scan cache)", env: noCache, args: args}
	shell := &contender{name: "git grep -l | xargs sed -i && git commit -am"}
	var first time.Duration
	for i := 0; i < rounds+1; i++ {
		for _, g := range []*contender{cached, uncached} {
			d, err := g.run(repo, bin)
			if err != nil {
				return err
			}
			if i == 0 && g == cached {
				first = d
			}
			ds, err := benchrepo.Timed(repo, "sh", "-c", shellPipeline(tokenB, tokenA))
			if err != nil {
				return err
			}
			if i > 0 {
				g.times, shell.times = append(g.times, d), append(shell.times, ds)
			}
		}
	}
	report(rounds, first, shell, cached, uncached)
	return verify(repo, files)
}

// report prints each contender's median and its ratio to the shell's.
func report(rounds int, first time.Duration, shell *contender, gitedit ...*contender) {
	ms := benchrepo.Median(shell.times)
	fmt.Printf("%-46s median %s over %d runs\n", shell.name+":", ms.Round(time.Millisecond), len(shell.times))
	for _, g := range gitedit {
		mg := benchrepo.Median(g.times)
		fmt.Printf("%-46s median %s over %d rounds, ratio to the shell %.2f\n", g.name+":", mg.Round(time.Millisecond), rounds, float64(mg)/float64(ms))
	}
	fmt.Printf("%-46s %s (ratio to the shell's median %.2f)\n", "gitedit's first run (no scan cache yet):", first.Round(time.Millisecond), float64(first)/float64(ms))
	for _, g := range gitedit {
		fmt.Printf("phases of %s (medians, first run included): %s\n", g.name, g.phases.String(time.Millisecond))
	}
}

// shellPipeline is the codemod teams write by hand (the tokens hold no
// characters special to sed besides "(", which basic regexps take as is).
func shellPipeline(from, to string) string {
	return fmt.Sprintf("git grep -l -z -F '%s' -- '*.go' | xargs -0 sed -i 's/%s/%s/g' && git commit -q --no-verify -am 'bench: shell'", from, from, to)
}

// verify checks that the repository is healthy and every round committed.
func verify(repo string, files int) error {
	if err := benchrepo.Clean(repo); err != nil {
		return err
	}
	show, err := exec.Command("git", "-C", repo, "show", "--stat", "--format=", "HEAD~1").Output()
	if err != nil {
		return fmt.Errorf("git show: %v", err)
	}
	want := fmt.Sprintf("%d files changed", targets(files))
	if !strings.Contains(string(show), want) {
		return fmt.Errorf("the last gitedit commit does not touch %d files: %s", targets(files), lastLine(string(show)))
	}
	fmt.Println("git status: clean; last gitedit commit:", lastLine(string(show)))
	return nil
}

// lastLine returns the last non-empty line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// targets is the number of generated files that hold the target (1%).
func targets(files int) int { return (files + 99) / 100 }

// body is the content of generated file i: a small Go file, calling the
// target when i is a multiple of 100.
func body(i int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package p%d\n\nimport \"fmt\"\n\n// F%d does something.\nfunc F%d(id int) error {\n", i/1000, i, i)
	for j := 0; j < 8; j++ {
		fmt.Fprintf(&b, "\tfmt.Println(\"step %d of file %d\", id)\n", j, i)
	}
	if i%100 == 0 {
		fmt.Fprintf(&b, "\tif _, err := %sid); err != nil {\n\t\treturn err\n\t}\n", tokenA)
	}
	b.WriteString("\treturn nil\n}\n")
	return b.String()
}
