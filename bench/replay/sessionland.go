package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
)

// series exports session s with gitedit series and applies it with
// git am --keep-cr on the base in the second clone: each commit must
// have the tree of the original commit in its place.
func (sr *sessionReplayer) series(s string, win window) outcome {
	dir := filepath.Join(sr.tmp, "series")
	if err := os.RemoveAll(dir); err != nil {
		return outcome{"refused", err.Error()}
	}
	if stderr, err := benchrepo.CommandStderr(sr.work, nil, sr.bin, "series", "--session", s, "-o", dir); err != nil {
		return outcome{"refused", "series: " + firstLine(stderr)}
	}
	patches, err := filepath.Glob(filepath.Join(dir, "*.patch"))
	if err != nil || len(patches) != len(win.commits) {
		return outcome{"differ", fmt.Sprintf("%d patches, want %d", len(patches), len(win.commits))}
	}
	if stderr, err := sr.gitAm(win.base, patches); err != nil {
		if sr.gitSeriesFails(win) {
			return outcome{"skipped", "git am refuses git format-patch's own series of the window too"}
		}
		return outcome{"differ", "git am refused the series: " + errorLine(stderr)}
	}
	// the trees only: git's checkout in the second clone may leave a file
	// converted by a .gitattributes a later patch changed (status M).
	return sr.sameCommits(sr.am, win, "-")
}

// gitAm applies patches with git am --keep-cr on base in the second
// clone and returns what git am printed on standard error.
func (sr *sessionReplayer) gitAm(base string, patches []string) (string, error) {
	_ = benchrepo.Command(sr.am, "git", "am", "--abort")
	if err := benchrepo.Command(sr.am, "git", "reset", "-q", "--hard"); err != nil {
		return "", err
	}
	if err := benchrepo.Command(sr.am, "git", "checkout", "-q", "-f", "-B", "am", base); err != nil {
		return "", err
	}
	if err := benchrepo.Command(sr.am, "git", "clean", "-q", "-f", "-d", "-x"); err != nil {
		return "", err
	}
	return benchrepo.CommandStderr(sr.am, nil, "git", append([]string{"am", "-q", "--keep-cr"}, patches...)...)
}

// gitSeriesFails reports whether git am also refuses git format-patch's
// series of the window's commits (say, a commit that changes
// .gitattributes leaves a checked-out file converted the old way, which
// "does not match index" for the next patch).
func (sr *sessionReplayer) gitSeriesFails(win window) bool {
	dir := filepath.Join(sr.tmp, "gitseries")
	if err := os.RemoveAll(dir); err != nil {
		return false
	}
	last := win.commits[len(win.commits)-1]
	if err := benchrepo.Command(sr.work, "git", "format-patch", "-q", "-o", dir, win.base+".."+last); err != nil {
		return false
	}
	patches, err := filepath.Glob(filepath.Join(dir, "*.patch"))
	if err != nil {
		return false
	}
	_, err = sr.gitAm(win.base, patches)
	return err != nil
}

// errorLine is stderr's first "error:" or "fatal:" line, else its first.
func errorLine(stderr string) string {
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "error:") || strings.HasPrefix(l, "fatal:") {
			return l
		}
	}
	return firstLine(stderr)
}

// sameCommits checks that dir's branch is the window's base followed by
// one commit per window commit, each with that commit's tree, and status
// st ("-": any).
func (sr *sessionReplayer) sameCommits(dir string, win window, st string) outcome {
	out, err := benchrepo.Output(dir, "git", "log", "--first-parent", "--reverse", "--format=%T", win.base+"..HEAD")
	if err != nil {
		return outcome{"differ", err.Error()}
	}
	got := strings.Fields(out)
	if len(got) != len(win.commits) {
		return outcome{"differ", fmt.Sprintf("%d commits on the base, want %d", len(got), len(win.commits))}
	}
	for i, c := range win.commits {
		if got[i] != sr.trees[c] {
			stat, _ := benchrepo.Output(dir, "git", "diff", "--stat=100", c, fmt.Sprintf("HEAD~%d", len(got)-1-i))
			return outcome{"differ", fmt.Sprintf("commit %d: tree differs from %.12s's:\n%s", i+1, c, stat)}
		}
	}
	if got, _ := benchrepo.Output(dir, "git", "status", "--porcelain"); st != "-" && got != st {
		return outcome{"differ", fmt.Sprintf("status:\n%swant:\n%s", got, st)}
	}
	return outcome{"agree", ""}
}

// land lands session s in a copy of the scratch clone: as one commit of
// the last commit's tree on the base, or (each) one commit per batch.
func (sr *sessionReplayer) land(s string, win window, each bool) outcome {
	dir, err := sr.copyWork("land")
	if err != nil {
		return outcome{"refused", err.Error()}
	}
	args := []string{"session", "-m", "replay", "land", s}
	if each {
		args = []string{"session", "--each", "land", s}
	}
	if stderr, err := benchrepo.CommandStderr(dir, nil, sr.bin, args...); err != nil {
		return outcome{"refused", firstLine(stderr)}
	}
	if each {
		return sr.sameCommits(dir, win, sr.wantStatus())
	}
	last := win.commits[len(win.commits)-1]
	return sr.sameCommits(dir, window{base: win.base, commits: []string{last}}, sr.wantStatus())
}

// undoLast takes back a random number M of s's newest batches in a copy
// of the scratch clone: the index and files must then be at commit K-M
// (the base for M = K), with the status of such a checkout; with rest,
// it then takes back the others, which must give the base.
func (sr *sessionReplayer) undoLast(s string, win window, rest bool) outcome {
	k := len(win.commits)
	m := 1 + sr.rng.IntN(k)
	dir, err := sr.copyWork("undo")
	if err != nil {
		return outcome{"refused", err.Error()}
	}
	if stderr, err := benchrepo.CommandStderr(dir, nil, sr.bin, "undo", "--session", s, "--last", fmt.Sprint(m)); err != nil {
		return outcome{"refused", fmt.Sprintf("undo --last %d: %s", m, firstLine(stderr))}
	}
	want := win.base
	if m < k {
		want = win.commits[k-m-1]
	}
	if !rest {
		o := sr.atTree(dir, win.base, sr.expect(want, k))
		if o.kind != "agree" {
			o.detail = fmt.Sprintf("undo --last %d of %d: %s", m, k, o.detail)
		}
		return o
	}
	if m == k {
		return outcome{"skipped", "undo --last took back everything"}
	}
	stderr, err := benchrepo.CommandStderr(dir, nil, sr.bin, "undo", "--session", s)
	if err != nil {
		return outcome{"refused", fmt.Sprintf("undo after --last %d: %s", m, firstLine(stderr))}
	}
	return sr.atTree(dir, win.base, sr.expect(win.base, k))
}

// undoAll takes back every batch of s at once in a copy of the scratch
// clone: the base's tree and a clean status.
func (sr *sessionReplayer) undoAll(s string, win window) outcome {
	k := len(win.commits)
	dir, err := sr.copyWork("undo")
	if err != nil {
		return outcome{"refused", err.Error()}
	}
	if stderr, err := benchrepo.CommandStderr(dir, nil, sr.bin, "undo", "--session", s); err != nil {
		return outcome{"refused", firstLine(stderr)}
	}
	return sr.atTree(dir, win.base, sr.expect(win.base, k))
}

// atTree checks that dir (HEAD at base) has tree in its index and files,
// and the status git prints for the same state made by git (read-tree of
// tree over base in the second clone, which borrows the scratch clone's
// objects).
func (sr *sessionReplayer) atTree(dir, base, tree string) outcome {
	if o := sr.staged(dir, tree); o.kind != "agree" {
		return o
	}
	got, err := benchrepo.Output(dir, "git", "status", "--porcelain")
	if err != nil {
		return outcome{"differ", err.Error()}
	}
	_ = benchrepo.Command(sr.am, "git", "am", "--abort")
	if err := benchrepo.Command(sr.am, "git", "checkout", "-q", "-f", "-B", "am", base); err != nil {
		return outcome{"skipped", "git cannot check out the base in the second clone"}
	}
	if err := benchrepo.Command(sr.am, "git", "clean", "-q", "-f", "-d", "-x"); err != nil {
		return outcome{"skipped", err.Error()}
	}
	if err := benchrepo.Command(sr.am, "git", "read-tree", "--reset", "-u", tree); err != nil {
		return outcome{"skipped", err.Error()}
	}
	want, err := benchrepo.Output(sr.am, "git", "status", "--porcelain")
	if err != nil {
		return outcome{"skipped", err.Error()}
	}
	if got != want {
		return outcome{"differ", fmt.Sprintf("status:\n%swant:\n%s", got, want)}
	}
	return outcome{"agree", ""}
}
