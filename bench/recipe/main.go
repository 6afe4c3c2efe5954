// Command recipe measures `gitedit run --commit` against the usual shell
// codemod doing the same work, `git grep -l X | xargs sed -i … && git
// commit -am …`, on a generated repository where 1% of the files hold the
// target. The two alternate in one run (gitedit renames A to B, the shell
// renames B back to A, so both touch the same files), and the medians and
// their ratio are printed.
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
	tmp, cleanup, err := benchrepo.Workspace("gitedit-bench-recipe-", keep)
	if err != nil {
		return err
	}
	defer cleanup()
	bin, err := benchrepo.BuildBinary(tmp)
	if err != nil {
		return err
	}
	repo := filepath.Join(tmp, "repo")
	start := time.Now()
	if err := benchrepo.Generate(repo, files, fileName, body); err != nil {
		return err
	}
	fmt.Printf("repository: %d tracked files, %d with the target, built in %s; %d CPUs\n",
		files, targets(files), time.Since(start).Round(time.Millisecond), runtime.NumCPU())
	return compare(bin, tmp, repo, rounds, files)
}

// compare alternates gitedit and the shell pipeline and reports.
func compare(bin, tmp, repo string, rounds, files int) error {
	recipe := filepath.Join(tmp, "recipe.yaml")
	src := fmt.Sprintf("name: bench-rename\nfiles: [\"**/*.go\"]\nedits:\n  - old_string: %q\n    new_string: %q\n    replace_all: true\n", tokenA, tokenB)
	if err := os.WriteFile(recipe, []byte(src), 0o644); err != nil {
		return err
	}
	var ge, sh []time.Duration
	for i := 0; i < rounds+1; i++ { // round 0 warms the caches
		d1, err := benchrepo.Timed(repo, bin, "run", "--commit", "-m", "bench: gitedit", recipe)
		if err != nil {
			return err
		}
		d2, err := benchrepo.Timed(repo, "sh", "-c", shellPipeline(tokenB, tokenA))
		if err != nil {
			return err
		}
		if i > 0 {
			ge, sh = append(ge, d1), append(sh, d2)
		}
	}
	mg, ms := benchrepo.Median(ge), benchrepo.Median(sh)
	fmt.Printf("gitedit run --commit: median %s over %d rounds\n", mg.Round(time.Millisecond), rounds)
	fmt.Printf("git grep -l | xargs sed -i && git commit -am: median %s\n", ms.Round(time.Millisecond))
	fmt.Printf("ratio gitedit/shell: %.2f\n", float64(mg)/float64(ms))
	return verify(repo, files)
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

// fileName is the path of generated file i.
func fileName(i int) string { return fmt.Sprintf("d%03d/f%05d.go", i/1000, i) }
