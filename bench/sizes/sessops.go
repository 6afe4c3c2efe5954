package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
)

// sessionBatches is how many staging-mode batches the session of the
// session rows has: batch i edits file i%sessionFiles.
const (
	sessionBatches = 100
	sessionFiles   = 50
	sessionID      = "bench"
)

// sessionOp is one session command the session rows time: its
// arguments, and how to put the repository back after it (nil: it
// changes nothing).
type sessionOp struct {
	name    string
	args    []string
	restore func(s *sessionRepo) error
}

// sessionRepo is a repository holding a 100-batch session, and the
// values that put it back as the session left it.
type sessionRepo struct {
	dir, head, tip string
}

// sessionRows time the session commands on a 100-batch session in a
// 100,000-file repository (the gitedit column) against the same session
// in a 5,000-file one (the git CLI column), alternating round by round:
// the ratio is what the repository's size costs them (target: at most
// 2×, the session's work being the same). A command this build does not
// have (it refuses the first run) is reported and left out.
func (b *bench) sessionRows() error {
	repos, err := b.sessionRepos()
	if err != nil {
		return err
	}
	for _, op := range sessionOps() {
		if err := b.sessionRow(op, repos); err != nil {
			return err
		}
	}
	return nil
}

// sessionRepos generates the two repositories of the session rows:
// 100,000 files, then 5,000.
func (b *bench) sessionRepos() ([2]*sessionRepo, error) {
	var repos [2]*sessionRepo
	for k, n := range []int{100000, 5000} {
		s, err := b.sessionRepo(n)
		if err != nil {
			return repos, err
		}
		repos[k] = s
	}
	return repos, nil
}

// sessionOps are the commands the session rows time.
func sessionOps() []sessionOp {
	back := func(s *sessionRepo) error { return s.restore(true) }
	ledgerOnly := func(s *sessionRepo) error { return s.restore(false) }
	return []sessionOp{
		{name: "session show S", args: []string{"session", "show", sessionID}},
		{name: "session show S --patch", args: []string{"session", "show", sessionID, "--patch"}},
		{name: "log --session S", args: []string{"log", "--session", sessionID}},
		{name: "session list", args: []string{"session", "list"}},
		{name: "undo --session S --last 1", args: []string{"undo", "--session", sessionID, "--last", "1"}, restore: back},
		{name: "undo --session S (all 100 batches)", args: []string{"undo", "--session", sessionID}, restore: back},
		{name: "session land S", args: []string{"session", "land", sessionID, "-m", "land"}, restore: ledgerOnly},
		{name: "session land S --each (100 commits)", args: []string{"session", "land", sessionID, "--each"}, restore: ledgerOnly},
		{name: "series --session S", args: []string{"series", "--session", sessionID, "--stdout"}},
	}
}

// sessionRepo generates a repository of files files and records a
// session of sessionBatches staging-mode edits in it.
func (b *bench) sessionRepo(files int) (*sessionRepo, error) {
	dir, err := b.repo(fmt.Sprintf("session-%d", files), files, benchrepo.ConstBody)
	if err != nil {
		return nil, err
	}
	for i := 0; i < sessionBatches; i++ {
		v := i/sessionFiles + 1
		err := benchrepo.Command(dir, b.bin, "edit", benchrepo.FileName(i%sessionFiles),
			"--old", fmt.Sprintf("value = %d", v), "--new", fmt.Sprintf("value = %d", v+1), "--session", sessionID)
		if err != nil {
			return nil, err
		}
	}
	s := &sessionRepo{dir: dir}
	if s.head, err = benchrepo.Output(dir, "git", "rev-parse", "HEAD"); err != nil {
		return nil, err
	}
	s.tip, err = benchrepo.Output(dir, "git", "rev-parse", "refs/gitedit/sessions/"+sessionID)
	s.head, s.tip = strings.TrimSpace(s.head), strings.TrimSpace(s.tip)
	return s, err
}

// restore puts the branch and the ledger back as the session left them
// and, with files, the session's files in the index and the working tree.
func (s *sessionRepo) restore(files bool) error {
	cmds := [][]string{{"update-ref", "refs/heads/main", s.head}, {"update-ref", "refs/gitedit/sessions/" + sessionID, s.tip}}
	if files {
		cmd := []string{"checkout", s.tip, "--"}
		for i := 0; i < sessionFiles; i++ {
			cmd = append(cmd, benchrepo.FileName(i))
		}
		cmds = append(cmds, cmd)
	}
	for _, c := range cmds {
		if err := benchrepo.Command(s.dir, "git", c...); err != nil {
			return err
		}
	}
	return nil
}

// sessionRow times op in both repositories, alternating.
func (b *bench) sessionRow(op sessionOp, repos [2]*sessionRepo) error {
	r := &row{name: fmt.Sprintf("`%s`, %d-batch session: 100,000 files (gitedit column) vs 5,000 (git CLI column)", op.name, sessionBatches), target: "≤ 2.0"}
	if _, err := benchrepo.CommandStderr(repos[1].dir, nil, b.bin, op.args...); err != nil {
		fmt.Printf("skipped `%s`: %v\n", op.name, err)
		return nil
	}
	if op.restore != nil {
		if err := op.restore(repos[1]); err != nil {
			return err
		}
	}
	small := &row{} // the 5,000-file runs' phases, not printed
	timed := func(s *sessionRepo, into *row) func() (time.Duration, error) {
		return func() (time.Duration, error) {
			d, err := b.timedGitedit(into, s.dir, op.args...)
			if err == nil && op.restore != nil {
				err = op.restore(s)
			}
			return d, err
		}
	}
	for i := 0; i <= b.s.rounds; i++ {
		large, small, err := timedPair(i, timed(repos[0], r), timed(repos[1], small))
		if err != nil {
			return fmt.Errorf("%s: %w", op.name, err)
		}
		if i > 0 {
			r.add(large, small)
		}
	}
	b.rows = append(b.rows, r)
	return nil
}
