package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
)

// splitRows (-sessions -splitindex) time the one-file commands of the
// session rows, a one-batch undo of the session and a one-file edit, at
// 100,000 files against 5,000 (the ratio is what the repository's size
// costs them), first with the index whole, then with core.splitIndex=true
// (the index split: the shared index holds every entry, each batch writes
// only the small split file). Beside them, git update-index --cacheinfo
// of one entry in the same repositories: git's own cost of the same
// index work at each size. With -indexv4, the second half has the
// index in version 4 (feature.manyFiles) instead of split.
func (b *bench) splitRows() error {
	repos, err := b.sessionRepos()
	if err != nil {
		return err
	}
	for _, second := range []bool{false, true} {
		label := "index whole"
		if second {
			convert := (*sessionRepo).split
			label = "core.splitIndex=true"
			if b.s.v4 {
				label, convert = "index version 4", (*sessionRepo).toV4
			}
			for _, s := range repos {
				if err := convert(s); err != nil {
					return err
				}
			}
		}
		for _, op := range splitOps(label) {
			if err := b.sessionRow(op, repos); err != nil {
				return err
			}
		}
		if err := b.cacheinfoRow(repos, label); err != nil {
			return err
		}
	}
	return nil
}

// splitOps are the gitedit commands splitRows times, named with label.
func splitOps(label string) []sessionOp {
	back := func(s *sessionRepo) error { return s.restore(true) }
	// Every file of the session was edited twice: file 0 says value = 3.
	edit := []string{"edit", benchrepo.FileName(0), "--old", "value = 3", "--new", "value = 4"}
	return []sessionOp{
		{name: "undo --session S --last 1, " + label, args: []string{"undo", "--session", sessionID, "--last", "1"}, restore: back},
		{name: "edit F (staging mode), " + label, args: edit, restore: back},
	}
}

// split sets core.splitIndex=true and splits the index, as git does.
func (s *sessionRepo) split() error {
	for _, c := range [][]string{{"config", "core.splitIndex", "true"}, {"update-index", "--split-index"}} {
		if err := benchrepo.Command(s.dir, "git", c...); err != nil {
			return err
		}
	}
	return nil
}

// toV4 sets feature.manyFiles (index version 4 for the files git writes)
// and rewrites the index in version 4, as git update-index does.
func (s *sessionRepo) toV4() error {
	for _, c := range [][]string{{"config", "feature.manyFiles", "true"}, {"update-index", "--index-version", "4"}} {
		if err := benchrepo.Command(s.dir, "git", c...); err != nil {
			return err
		}
	}
	return nil
}

// cacheinfoRow times git update-index --cacheinfo of file 0 (its staged
// blob again, without stat data: git reads and writes the whole index,
// or the split file) at 100,000 files against 5,000, alternating; then
// puts file 0's entry back.
func (b *bench) cacheinfoRow(repos [2]*sessionRepo, label string) error {
	var args [2][]string
	for k, s := range repos {
		blob, err := benchrepo.Output(s.dir, "git", "rev-parse", ":"+benchrepo.FileName(0))
		if err != nil {
			return err
		}
		args[k] = []string{"update-index", "--cacheinfo", "100644," + strings.TrimSpace(blob) + "," + benchrepo.FileName(0)}
	}
	r := &row{name: fmt.Sprintf("git itself: `git update-index --cacheinfo` of one entry, %s: 100,000 files (gitedit column) vs 5,000 (git CLI column)", label), target: "–"}
	for i := 0; i <= b.s.rounds; i++ {
		large, small, err := timedPair(i, func() (time.Duration, error) { return benchrepo.Timed(repos[0].dir, "git", args[0]...) },
			func() (time.Duration, error) { return benchrepo.Timed(repos[1].dir, "git", args[1]...) })
		if err != nil {
			return err
		}
		if i > 0 {
			r.add(large, small)
		}
	}
	b.rows = append(b.rows, r)
	for _, s := range repos {
		if err := s.restore(true); err != nil {
			return err
		}
	}
	return nil
}
