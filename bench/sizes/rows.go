package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
)

// editRows times one edit and a commit at each size: gitedit edit
// --commit against sed -i, git add and git commit, each contender on its
// own file every round.
func (b *bench) editRows() error { return b.eachSize(b.editRow) }

// eachSize runs row at 50 and 5,000 files, and 100,000 with -large.
func (b *bench) eachSize(row func(files int) error) error {
	sizes := []int{50, 5000}
	if b.s.large {
		sizes = append(sizes, 100000)
	}
	for _, n := range sizes {
		if err := row(n); err != nil {
			return err
		}
	}
	return nil
}

// editRow is one size of editRows.
func (b *bench) editRow(files int) error {
	dir, err := b.repo(fmt.Sprintf("edit-%d", files), files, benchrepo.ConstBody)
	if err != nil {
		return err
	}
	target := "≤ 0.5"
	if files >= 100000 {
		target = "≤ 0.25"
	}
	r := &row{name: fmt.Sprintf("edit + commit, %s files", count(files)), target: target}
	err = b.editPairs(r, files, func(name, old, new string) (time.Duration, error) {
		return b.timedGitedit(r, dir, "edit", name, "--old", old, "--new", new, "--commit", "-m", "bench: gitedit")
	}, func(name, old, new string) (time.Duration, error) {
		return timedSeq(dir, []string{"sed", "-i", "s/" + old + "/" + new + "/", name},
			[]string{"git", "add", name}, []string{"git", "commit", "-q", "--no-verify", "-m", "bench: git"})
	})
	if err != nil {
		return err
	}
	return benchrepo.Clean(dir)
}

// edit is one contender's edit of file name (a ConstBody file) from the
// line old to the line new.
type edit func(name, old, new string) (time.Duration, error)

// editPairs runs b.s.rounds rounds (after an untimed first) in which a
// edits file 2i and other file 2i+1 (each first in every other round),
// adds each round to r and appends r to the table.
func (b *bench) editPairs(r *row, files int, a, other edit) error {
	vals := lineValues{}
	for i := 0; i <= b.s.rounds; i++ {
		fa, fb := benchrepo.FileName((2*i)%files), benchrepo.FileName((2*i+1)%files)
		oldA, newA := vals.next(fa)
		oldB, newB := vals.next(fb)
		ta, tb, err := timedPair(i, func() (time.Duration, error) { return a(fa, oldA, newA) },
			func() (time.Duration, error) { return other(fb, oldB, newB) })
		if err != nil {
			return err
		}
		if i > 0 {
			r.add(ta, tb)
		}
	}
	b.rows = append(b.rows, r)
	return nil
}

// lineValues is the value each ConstBody file's line "const value = N"
// holds now (1 when unset).
type lineValues map[string]int

// next returns file name's line now and after one more edit, and counts
// the edit.
func (v lineValues) next(name string) (string, string) {
	n := v[name] + 1
	v[name] = n
	return fmt.Sprintf("value = %d", n), fmt.Sprintf("value = %d", n+1)
}

// count formats n with thousands separators.
func count(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// diffRow times a three-hunk git diff applied and committed in a
// 5,000-file repository: gitedit patch --commit against git apply --index
// and git commit, each on its own file every round.
func (b *bench) diffRow() error {
	const files = 5000
	dir, err := b.repo("diff-5000", files, diffBody)
	if err != nil {
		return err
	}
	r := &row{name: "3-hunk git diff + commit, 5,000 files", target: "≤ 0.6"}
	vals := map[int]int{}
	for i := 0; i <= b.s.rounds; i++ {
		pa, err := b.threeHunks(dir, (2*i)%files, vals)
		if err != nil {
			return err
		}
		pb, err := b.threeHunks(dir, (2*i+1)%files, vals)
		if err != nil {
			return err
		}
		// Making the diffs rewrote the files: refresh their stat data, as
		// any git command that looks at the working tree would.
		if err := benchrepo.Command(dir, "git", "update-index", "-q", "--refresh"); err != nil {
			return err
		}
		if err := b.patchRound(r, i, dir, dir, pa, pb); err != nil {
			return err
		}
	}
	b.rows = append(b.rows, r)
	return benchrepo.Clean(dir)
}

// patchRound times gitedit applying patch pa in dirA and git applying pb
// in dirB, and records the round unless it is round 0.
func (b *bench) patchRound(r *row, round int, dirA, dirB, pa, pb string) error {
	ge, git, err := timedPair(round, func() (time.Duration, error) {
		return b.timedGitedit(r, dirA, "patch", pa, "--commit", "-m", "bench: gitedit")
	}, func() (time.Duration, error) {
		return timedSeq(dirB, []string{"git", "apply", "--index", pb},
			[]string{"git", "commit", "-q", "--no-verify", "-m", "bench: git"})
	})
	if err != nil {
		return err
	}
	if round > 0 {
		r.add(ge, git)
	}
	return nil
}

// threeHunks writes the git diff that changes the three variable lines of
// file f (from their value now to the next) to a patch file, leaving the
// file as it was, and returns the patch's path.
func (b *bench) threeHunks(dir string, f int, vals map[int]int) (string, error) {
	p := filepath.Join(dir, benchrepo.FileName(f))
	data, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	v := vals[f] + 1
	vals[f] = v
	edited := string(data)
	for _, j := range []int{5, 20, 35} {
		edited = strings.Replace(edited, fmt.Sprintf("var v%d = %d\n", j, v), fmt.Sprintf("var v%d = %d\n", j, v+1), 1)
	}
	if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
		return "", err
	}
	diff, err := benchrepo.Output(dir, "git", "diff", "--", benchrepo.FileName(f))
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		return "", err
	}
	if strings.Count(diff, "\n@@ ") != 3 {
		return "", fmt.Errorf("diff of %s has not three hunks:\n%s", benchrepo.FileName(f), diff)
	}
	return b.patchFile(fmt.Sprintf("three-%d.diff", f), diff)
}

// patchFile writes a patch into the scratch folder and returns its path.
func (b *bench) patchFile(name, diff string) (string, error) {
	p := filepath.Join(b.tmp, name)
	return p, os.WriteFile(p, []byte(diff), 0o644)
}

// realRow times one real commit of gitedit's history: its diff applied to
// its parent's tree and committed, then the reverse diff the next round,
// gitedit and git each in its own copy of the repository. The copies
// hold the same files after every round, and the contenders swap them
// every other round: creating a file costs what its folder's place on
// the disk makes it cost (ext4 scans the inodes freed nearby), which
// differs from one copy to the other.
func (b *bench) realRow() error {
	root, err := benchrepo.Output(".", "git", "rev-parse", "--show-toplevel")
	if err != nil {
		return fmt.Errorf("the real-diff row reads gitedit's own history; run from its checkout: %w", err)
	}
	root = strings.TrimSpace(root)
	fwd, err := benchrepo.Output(root, "git", "diff", b.s.real+"^", b.s.real)
	if err != nil {
		return fmt.Errorf("commit %s (full history needed): %w", b.s.real, err)
	}
	rev, err := benchrepo.Output(root, "git", "diff", b.s.real, b.s.real+"^")
	if err != nil {
		return err
	}
	pf, err := b.patchFile("real.diff", fwd)
	if err != nil {
		return err
	}
	pr, err := b.patchFile("real-reverse.diff", rev)
	if err != nil {
		return err
	}
	dirs := [2]string{filepath.Join(b.tmp, "real-gitedit"), filepath.Join(b.tmp, "real-git")}
	tracked := 0
	for _, dir := range dirs {
		if tracked, err = b.extract(root, dir); err != nil {
			return err
		}
	}
	r := &row{name: fmt.Sprintf("one real commit's diff + commit (%s, %d lines), %d-file repository", b.s.real[:7], diffLines(fwd), tracked), target: "≤ 0.6"}
	for i := 0; i <= b.s.rounds; i++ {
		p := pf
		if i%2 == 1 {
			p = pr
		}
		s := (i / 2) % 2 // each copy takes each contender and each direction
		if err := b.patchRound(r, i, dirs[s], dirs[1-s], p, p); err != nil {
			return err
		}
	}
	b.rows = append(b.rows, r)
	if err := benchrepo.Clean(dirs[0]); err != nil {
		return err
	}
	return benchrepo.Clean(dirs[1])
}

// extract makes dir a repository of the real commit's parent tree and
// returns how many files it tracks.
func (b *bench) extract(root, dir string) (int, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	script := fmt.Sprintf("git -C '%s' archive '%s^' | tar -x -C '%s'", root, b.s.real, dir)
	if err := benchrepo.Command(dir, "sh", "-c", script); err != nil {
		return 0, err
	}
	if err := benchrepo.Init(dir); err != nil {
		return 0, err
	}
	if err := b.configure(dir); err != nil {
		return 0, err
	}
	files, err := benchrepo.Output(dir, "git", "ls-files")
	return strings.Count(files, "\n"), err
}

// diffLines counts the added and removed lines of a diff.
func diffLines(diff string) int {
	n := 0
	for _, l := range strings.Split(diff, "\n") {
		if (strings.HasPrefix(l, "+") || strings.HasPrefix(l, "-")) && !strings.HasPrefix(l, "+++") && !strings.HasPrefix(l, "---") {
			n++
		}
	}
	return n
}
