// Command commit measures one `gitedit edit --commit` against the git CLI
// doing the same work (rewrite the line, git add, git commit) in a
// repository of many tracked files, alternating the two in one run, and
// prints the medians and their ratio.
//
//	go run ./bench/commit [-files 100000] [-rounds 21]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

func main() {
	files := flag.Int("files", 100000, "tracked files in the generated repository")
	rounds := flag.Int("rounds", 21, "measured rounds of each contender")
	keep := flag.Bool("keep", false, "keep the generated repository")
	flag.Parse()
	if err := run(*files, *rounds, *keep); err != nil {
		fmt.Fprintln(os.Stderr, "bench/commit:", err)
		os.Exit(1)
	}
}

// run builds the binary and the repository, then alternates the contenders.
func run(files, rounds int, keep bool) error {
	tmp, err := os.MkdirTemp("", "gitedit-bench-")
	if err != nil {
		return err
	}
	if !keep {
		defer os.RemoveAll(tmp)
	}
	bin := filepath.Join(tmp, "gitedit")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		return fmt.Errorf("build gitedit: %v: %s", err, out)
	}
	repo := filepath.Join(tmp, "repo")
	start := time.Now()
	if err := buildRepo(repo, files); err != nil {
		return err
	}
	fmt.Printf("repository: %d tracked files, index %s, built in %s\n", files, indexSize(repo), time.Since(start).Round(time.Millisecond))
	return compare(bin, repo, files, rounds)
}

// compare alternates gitedit and git on distinct files and reports.
func compare(bin, repo string, files, rounds int) error {
	var ge, gc []time.Duration
	for i := 0; i < rounds+1; i++ { // round 0 warms the caches
		d1, err := timeGitedit(bin, repo, fileName(2*i%files))
		if err != nil {
			return err
		}
		d2, err := timeGitCLI(repo, fileName((2*i+1)%files))
		if err != nil {
			return err
		}
		if i > 0 {
			ge, gc = append(ge, d1), append(gc, d2)
		}
	}
	mg, mc := median(ge), median(gc)
	fmt.Printf("gitedit edit --commit: median %s over %d rounds\n", mg.Round(time.Microsecond), rounds)
	fmt.Printf("git CLI (write, add, commit): median %s\n", mc.Round(time.Microsecond))
	fmt.Printf("ratio gitedit/git: %.2f\n", float64(mg)/float64(mc))
	return verify(repo)
}

// timeGitedit runs one gitedit edit with commit.
func timeGitedit(bin, repo, file string) (time.Duration, error) {
	start := time.Now()
	err := command(repo, bin, "edit", file, "--old", "value = 1", "--new", "value = 2", "--commit", "-m", "bench: gitedit")
	return time.Since(start), err
}

// timeGitCLI rewrites the line itself, then runs git add and git commit.
func timeGitCLI(repo, file string) (time.Duration, error) {
	start := time.Now()
	p := filepath.Join(repo, file)
	data, err := os.ReadFile(p)
	if err != nil {
		return 0, err
	}
	if err := os.WriteFile(p, bytes.Replace(data, []byte("value = 1"), []byte("value = 2"), 1), 0o644); err != nil {
		return 0, err
	}
	if err := command(repo, "git", "add", file); err != nil {
		return 0, err
	}
	err = command(repo, "git", "commit", "-q", "--no-verify", "-m", "bench: git")
	return time.Since(start), err
}

// verify checks that the repository is healthy after the run.
func verify(repo string) error {
	out, err := exec.Command("git", "-C", repo, "status", "--porcelain").Output()
	if err != nil || len(out) > 0 {
		return fmt.Errorf("git status after the run: %v %s", err, out)
	}
	fmt.Println("git status: clean")
	return nil
}

// buildRepo writes files tracked files in 1000-file folders and commits
// them with git.
func buildRepo(repo string, files int) error {
	for i := 0; i < files; i++ {
		p := filepath.Join(repo, fileName(i))
		if i%1000 == 0 {
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
		}
		body := fmt.Sprintf("package p%d\n\n// File %d.\nconst value = 1\n", i/1000, i)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			return err
		}
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "initial"}} {
		if err := command(repo, "git", args...); err != nil {
			return err
		}
	}
	return nil
}

// fileName is the path of generated file i.
func fileName(i int) string { return fmt.Sprintf("d%03d/f%05d.go", i/1000, i) }

// command runs name with args in dir with a fixed identity.
func command(dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=bench", "GIT_AUTHOR_EMAIL=bench@example.com",
		"GIT_COMMITTER_NAME=bench", "GIT_COMMITTER_EMAIL=bench@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s %s: %v: %s", name, strings.Join(args, " "), err, out)
	}
	return nil
}

// indexSize reports the size of the repository's index file.
func indexSize(repo string) string {
	fi, err := os.Stat(filepath.Join(repo, ".git", "index"))
	if err != nil {
		return "?"
	}
	return fmt.Sprintf("%.1f MB", float64(fi.Size())/1e6)
}

// median returns the median of ds.
func median(ds []time.Duration) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)/2]
}
