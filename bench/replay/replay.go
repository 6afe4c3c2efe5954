package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
)

// patchers make a commit's patch in each mode, in the scratch clone.
var patchers = map[string]func(work, parent, commit string) (string, error){
	"diff": func(work, parent, commit string) (string, error) {
		return benchrepo.Output(work, "git", "diff", "--binary", "-M", parent, commit)
	},
	"mail": func(work, _, commit string) (string, error) {
		return benchrepo.Output(work, "git", "format-patch", "-1", "--stdout", commit)
	},
	"u0": func(work, parent, commit string) (string, error) {
		return benchrepo.Output(work, "git", "diff", "-U0", "--binary", "-M", parent, commit)
	},
}

// replayer holds the scratch clone, the gitedit binary and the commits.
type replayer struct {
	src, work, bin, patchFile string
	// commits are the replayed commits, oldest first.
	commits []string
	start   time.Time
}

// newReplayer builds gitedit, clones src into tmp and lists its last n
// non-merge commits.
func newReplayer(src, tmp string, n int) (*replayer, error) {
	rp := &replayer{src: src, work: filepath.Join(tmp, "work"), patchFile: filepath.Join(tmp, "change.patch"), start: time.Now()}
	var err error
	if rp.bin, err = benchrepo.BuildBinary(tmp); err != nil {
		return nil, err
	}
	if err := benchrepo.Command(tmp, "git", "clone", "-q", "--no-checkout", src, rp.work); err != nil {
		return nil, err
	}
	if err := benchrepo.Command(rp.work, "git", "config", "gc.auto", "0"); err != nil {
		return nil, err
	}
	out, err := benchrepo.Output(src, "git", "rev-list", "--no-merges", "-n", fmt.Sprint(n), "HEAD")
	if err != nil {
		return nil, err
	}
	rp.commits = strings.Fields(out)
	slices.Reverse(rp.commits)
	return rp, benchrepo.Command(rp.work, "git", "checkout", "-q", "-B", "replay", "HEAD")
}

// outcome is what one replay gave.
type outcome struct {
	kind   string // agree, differ, refused, skipped
	detail string
}

// replay runs every commit in every mode.
func (rp *replayer) replay(modes []string) *tally {
	t := newTally()
	for i, c := range rp.commits {
		parent, err := benchrepo.Output(rp.work, "git", "rev-parse", "--verify", "-q", c+"^")
		for _, m := range modes {
			o := outcome{kind: "skipped", detail: "root commit"}
			if err == nil {
				o = rp.one(m, strings.TrimSpace(parent), c)
			}
			t.add(m, c, o)
		}
		if (i+1)%50 == 0 {
			fmt.Fprintf(os.Stderr, "replay: %d/%d commits\n", i+1, len(rp.commits))
		}
	}
	return t
}

// one replays commit c over parent in mode m.
func (rp *replayer) one(m, parent, c string) outcome {
	patch, err := patchers[m](rp.work, parent, c)
	if err != nil {
		return outcome{"skipped", "git cannot make the patch (objects missing from the clone?)"}
	}
	if !strings.Contains(patch, "diff --git ") {
		return outcome{"skipped", "no change"}
	}
	if err := rp.reset(parent); err != nil {
		return outcome{"skipped", "git cannot check out the parent (objects missing from the clone?)"}
	}
	if err := os.WriteFile(rp.patchFile, []byte(patch), 0o644); err != nil {
		return outcome{"refused", err.Error()}
	}
	if stderr, err := benchrepo.CommandStderr(rp.work, nil, rp.bin, "patch", rp.patchFile, "--commit", "-m", "replay"); err != nil {
		return outcome{"refused", firstLine(stderr)}
	}
	return rp.compare(c)
}

// reset puts the scratch clone's branch, index and files at commit.
func (rp *replayer) reset(commit string) error {
	if err := benchrepo.Command(rp.work, "git", "reset", "-q", "--hard", commit); err != nil {
		return err
	}
	return benchrepo.Command(rp.work, "git", "clean", "-q", "-f", "-d", "-x")
}

// compare checks that HEAD's tree is c's and that the status is clean.
func (rp *replayer) compare(c string) outcome {
	got, err1 := benchrepo.Output(rp.work, "git", "rev-parse", "HEAD^{tree}")
	want, err2 := benchrepo.Output(rp.work, "git", "rev-parse", c+"^{tree}")
	if err1 != nil || err2 != nil {
		return outcome{"differ", fmt.Sprint(err1, err2)}
	}
	if got != want {
		stat, _ := benchrepo.Output(rp.work, "git", "diff", "--stat=100", c, "HEAD")
		return outcome{"differ", "tree differs from the commit's:\n" + stat}
	}
	if st, _ := benchrepo.Output(rp.work, "git", "status", "--porcelain"); st != "" {
		return outcome{"differ", "status not clean after the commit:\n" + st}
	}
	return outcome{"agree", ""}
}

// firstLine is s's first non-empty line.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			return l
		}
	}
	return s
}

// tally counts the outcomes per mode and keeps the failures and the
// reasons for skipping.
type tally struct {
	counts   map[string]map[string]int
	failures map[string][]string
	skips    map[string]int
	// label names the rows (mode, or check in the session mode).
	label string
}

// newTally returns an empty tally.
func newTally() *tally {
	return &tally{counts: map[string]map[string]int{}, failures: map[string][]string{}, skips: map[string]int{}, label: "mode"}
}

// add records o for commit c in mode m.
func (t *tally) add(m, c string, o outcome) {
	if t.counts[m] == nil {
		t.counts[m] = map[string]int{}
	}
	t.counts[m][o.kind]++
	if o.kind == "skipped" {
		t.skips[o.detail]++
	}
	if o.kind == "differ" || o.kind == "refused" {
		t.failures[m] = append(t.failures[m], fmt.Sprintf("%s %s %.12s: %s", m, o.kind, c, o.detail))
	}
}

// print writes the table and the failures (the first 5 per mode unless
// verbose).
func (t *tally) print(w io.Writer, rp *replayer, modes []string, verbose bool) {
	first, last := "-", "-"
	if len(rp.commits) > 0 {
		first, last = rp.commits[0][:12], rp.commits[len(rp.commits)-1][:12]
	}
	kind := "non-merge commits"
	if t.label != "mode" {
		kind = "commits in the windows"
	}
	fmt.Fprintf(w, "repository %s: %d %s, %s..%s (oldest to newest), %s\n\n",
		rp.src, len(rp.commits), kind, first, last, time.Since(rp.start).Round(time.Second))
	fmt.Fprintf(w, "| %s | agree | differ | refused | skipped |\n| --- | --- | --- | --- | --- |\n", t.label)
	for _, m := range modes {
		c := t.counts[m]
		fmt.Fprintf(w, "| %s | %d | %d | %d | %d |\n", m, c["agree"], c["differ"], c["refused"], c["skipped"])
	}
	for _, reason := range slices.Sorted(maps.Keys(t.skips)) {
		fmt.Fprintf(w, "skipped: %d × %s\n", t.skips[reason], reason)
	}
	for _, m := range modes {
		for i, f := range t.failures[m] {
			if i == 5 && !verbose {
				fmt.Fprintf(w, "… %d more in %s %s (-v lists them)\n", len(t.failures[m])-5, t.label, m)
				break
			}
			fmt.Fprintln(w, f)
		}
	}
}
