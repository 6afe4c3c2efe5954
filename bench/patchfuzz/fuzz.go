package main

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gitedit/gitedit/fixtures/patchfuzz"
)

// fuzzer runs the mutated patches of every commit and counts outcomes,
// with one runner per worker.
type fuzzer struct {
	runners []*patchfuzz.Runner
	m       int
	seed    uint64
	out     string
	tally   *tally
}

// contexts are the -U sizes commits take in turn.
var contexts = []int{3, 1, 0}

// repo runs the last n non-merge commits of the clone at dir.
func (f *fuzzer) repo(dir string, n int) error {
	gitDir, name, rev, err := gitFolder(dir)
	if err != nil {
		return err
	}
	list, err := revList(f.runners[0], gitDir, rev, n)
	if err != nil {
		return err
	}
	start := time.Now()
	jobs := make(chan int)
	errs := make(chan error, len(f.runners))
	var done atomic.Int32
	for _, r := range f.runners {
		go func() {
			var err error
			for i := range jobs {
				if err == nil {
					err = f.commit(r, gitDir, name, list[i], contexts[i%len(contexts)])
				}
				if k := done.Add(1); k%20 == 0 {
					fmt.Fprintf(os.Stderr, "patchfuzz: %s %d/%d commits, %s\n", name, k, len(list), time.Since(start).Round(time.Second))
				}
			}
			errs <- err
		}()
	}
	for i := range list {
		jobs <- i
	}
	close(jobs)
	for range f.runners {
		if e := <-errs; e != nil && err == nil {
			err = e
		}
	}
	return err
}

// commit runs the unmutated patch of commit c and f.m mutations of it.
func (f *fuzzer) commit(r *patchfuzz.Runner, gitDir, name, c string, u int) error {
	cs, err := r.FromCommit(gitDir, c, u)
	if errors.Is(err, patchfuzz.ErrSkip) {
		f.tally.skip(name)
		return nil
	}
	if err != nil {
		return err
	}
	if len(cs.Patch) > 256<<10 || len(cs.Files) > 60 {
		f.tally.skip(name)
		return nil
	}
	cs.Source = name + " " + cs.Source
	tg, err := r.Target(cs)
	if err != nil {
		return err
	}
	defer tg.Close()
	o, err := tg.Trial(cs.Patch, u == 0)
	if err != nil {
		return err
	}
	f.record(name, "unmutated", cs, cs.Patch, o)
	seed := f.seed ^ hash(c)
	rng := rand.New(rand.NewPCG(seed, uint64(u)))
	for k := 0; k < f.m; k++ {
		kind, p := patchfuzz.Random(rng, cs.Patch)
		if p == nil || bytes.Equal(p, cs.Patch) {
			continue
		}
		o, err := tg.Trial(p, u == 0)
		if err != nil {
			return err
		}
		f.record(name, kind, cs, p, o)
	}
	return nil
}

// record counts o and keeps a disagreement as a case file under f.out.
func (f *fuzzer) record(repo, kind string, cs *patchfuzz.Case, patch []byte, o patchfuzz.Outcome) {
	f.tally.add(repo, kind, o)
	if o.Kind == patchfuzz.AgreeApplied || o.Kind == patchfuzz.AgreeRefused || f.out == "" {
		return
	}
	dir := filepath.Join(f.out, o.Kind)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return
	}
	saved := *cs
	saved.Patch = patch
	saved.Source = fmt.Sprintf("%s mutation=%s; git: %s; gitedit: %s %s", cs.Source, kind, firstLine(o.Git), o.Code, firstLine(o.Ours))
	name := fmt.Sprintf("%s-%.10s-U%d-%s-%d.case", strings.ReplaceAll(repo, "/", "_"), strings.Fields(cs.Source)[1], cs.Context, kind, f.tally.total())
	file, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		return
	}
	defer file.Close()
	_ = saved.Encode(file)
}

// firstLine is s's first line, control bytes escaped.
func firstLine(s string) string {
	l, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return strings.Trim(fmt.Sprintf("%q", l), `"`)
}

// hash is FNV-1a of s.
func hash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}

// gitFolder returns the git folder of a clone (bare or not), given as
// DIR or DIR@REV (history drawn from REV rather than HEAD), a short name
// (owner+name of a fetched mirror, else the folder's name) and the rev.
func gitFolder(spec string) (string, string, string, error) {
	dir, rev, ok := strings.Cut(spec, "@")
	if !ok {
		rev = "HEAD"
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", "", "", err
	}
	if fi, err := os.Stat(filepath.Join(abs, ".git")); err == nil && fi.IsDir() {
		abs = filepath.Join(abs, ".git")
	}
	name := filepath.Base(strings.TrimSuffix(strings.TrimSuffix(abs, "/.git"), "/repo"))
	return abs, name, rev, nil
}

// revList lists the last n non-merge commits of rev, newest first.
func revList(r *patchfuzz.Runner, gitDir, rev string, n int) ([]string, error) {
	out, err := r.Git("--git-dir="+gitDir, "rev-list", "--no-merges", "-n", fmt.Sprint(n), rev)
	return strings.Fields(out), err
}

// replayCases applies every case file under dir (kept by -out) again and
// prints the tables: which disagreements remain.
func replayCases(r *patchfuzz.Runner, dir string) error {
	t := newTally()
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".case") {
			return err
		}
		cs, err := patchfuzz.Load1(p)
		if err != nil {
			return err
		}
		repo, rest, _ := strings.Cut(cs.Source, " ")
		_, kind, _ := strings.Cut(rest, "mutation=")
		kind, _, _ = strings.Cut(kind, ";")
		tg, err := r.Target(cs)
		if err != nil {
			return err
		}
		defer tg.Close()
		o, err := tg.Trial(cs.Patch, cs.Context == 0)
		t.add(repo, kind, o)
		return err
	})
	t.print(os.Stdout)
	return err
}

// replayCase applies one case file with both tools and prints the answers.
func replayCase(r *patchfuzz.Runner, path string) error {
	cs, err := patchfuzz.Load1(path)
	if err != nil {
		return err
	}
	tg, err := r.Target(cs)
	if err != nil {
		return err
	}
	defer tg.Close()
	o, err := tg.Trial(cs.Patch, cs.Context == 0)
	if err != nil {
		return err
	}
	fmt.Printf("source: %s\noutcome: %s\ngit: %s\ngitedit: %s %s\n%s", cs.Source, o.Kind, o.Git, o.Code, o.Ours, o.Detail)
	return nil
}
