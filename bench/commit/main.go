// Command commit measures one `gitedit edit --commit` against the git CLI
// doing the same work (rewrite the line, git add, git commit) in a
// repository of many tracked files, alternating the two in one run, and
// prints the medians and their ratio.
//
//	go run ./bench/commit [-files 100000] [-rounds 21] [-keep]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
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
	s, err := benchrepo.Prepare("gitedit-bench-commit-", keep, files, benchrepo.FileName, benchrepo.ConstBody)
	if err != nil {
		return err
	}
	defer s.Cleanup()
	fmt.Printf("repository: %d tracked files, index %s, built in %s\n", files, indexSize(s.Repo), s.Built.Round(time.Millisecond))
	return compare(s.Bin, s.Repo, files, rounds)
}

// compare alternates gitedit and git on distinct files and reports.
func compare(bin, repo string, files, rounds int) error {
	var ge, gc []time.Duration
	for i := 0; i < rounds+1; i++ { // round 0 warms the caches
		d1, err := benchrepo.Timed(repo, bin, "edit", benchrepo.FileName(2*i%files), "--old", "value = 1", "--new", "value = 2", "--commit", "-m", "bench: gitedit")
		if err != nil {
			return err
		}
		d2, err := timeGitCLI(repo, benchrepo.FileName((2*i+1)%files))
		if err != nil {
			return err
		}
		if i > 0 {
			ge, gc = append(ge, d1), append(gc, d2)
		}
	}
	mg, mc := benchrepo.Median(ge), benchrepo.Median(gc)
	fmt.Printf("gitedit edit --commit: median %s over %d rounds\n", mg.Round(time.Microsecond), rounds)
	fmt.Printf("git CLI (write, add, commit): median %s\n", mc.Round(time.Microsecond))
	fmt.Printf("ratio gitedit/git: %.2f\n", float64(mg)/float64(mc))
	if err := benchrepo.Clean(repo); err != nil {
		return err
	}
	fmt.Println("git status: clean")
	return nil
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
	if err := benchrepo.Command(repo, "git", "add", file); err != nil {
		return 0, err
	}
	err = benchrepo.Command(repo, "git", "commit", "-q", "--no-verify", "-m", "bench: git")
	return time.Since(start), err
}

// indexSize reports the size of the repository's index file.
func indexSize(repo string) string {
	fi, err := os.Stat(filepath.Join(repo, ".git", "index"))
	if err != nil {
		return "?"
	}
	return fmt.Sprintf("%.1f MB", float64(fi.Size())/1e6)
}
