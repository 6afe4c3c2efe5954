// Command flowtrace counts the files, and the switches between files, on
// the flow of one `gitedit edit --commit`: every function of the module
// entered from Repo.Edit to its return, in order. It is how issue 24
// measured the flow before and after its restructuring (docs/design.md).
//
//	go run ./bench/flowtrace [-rev HEAD] [-v]
//
// It copies the module at rev (git archive) into a temporary folder,
// makes every function and function literal of the copy's non-test files
// start with a call that records the caller's file and name
// (runtime.Caller) while tracing is on, and runs a test in the copy's
// facade: one repository of one committed file, a warm-up edit, then one
// traced Repo.Edit in commit mode (defaults from git config). It prints
// the functions entered, the distinct files, the switches (consecutive
// entries in different files), and the same for internal/batch; -v lists
// the entries.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"io/fs"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

const tracePkg = "github.com/gitedit/gitedit/internal/flowtrace"

func main() {
	rev := flag.String("rev", "HEAD", "the revision of the module to measure")
	verbose := flag.Bool("v", false, "list every function entered")
	flag.Parse()
	dir, err := os.MkdirTemp("", "gitedit-flowtrace-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	if err := sh("", "sh", "-c", "git archive "+*rev+" | tar -x -C "+dir); err != nil {
		log.Fatal(err)
	}
	if err := instrument(dir); err != nil {
		log.Fatal(err)
	}
	out := filepath.Join(dir, "flow.tsv")
	if err := sh(dir, "go", "test", "-count=1", "-run", "^TestFlowTrace$", "./gitedit/", "-args", out); err != nil {
		log.Fatal(err)
	}
	if err := report(out, dir+"/", *verbose); err != nil {
		log.Fatal(err)
	}
}

// sh runs a command in dir with its output on standard error.
func sh(dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, os.Stderr, os.Stderr
	return cmd.Run()
}

// instrument rewrites the copy at dir and adds the recorder and the test.
func instrument(dir string) error {
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == "fixtures") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		return rewrite(p)
	})
	if err != nil {
		return err
	}
	pkg := filepath.Join(dir, "internal", "flowtrace")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(pkg, "flowtrace.go"), []byte(recorder), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "gitedit", "zz_flowtrace_test.go"), []byte(driver), 0o644)
}

// rewrite makes every function of the file at p call the recorder first.
func rewrite(p string) error {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
	if err != nil {
		return err
	}
	n := 0
	enter := func(body *ast.BlockStmt) {
		n++
		call := &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent("flowtrace__"), Sel: ast.NewIdent("Enter")}}
		body.List = append([]ast.Stmt{&ast.ExprStmt{X: call}}, body.List...)
	}
	ast.Inspect(f, func(x ast.Node) bool {
		switch fn := x.(type) {
		case *ast.FuncDecl:
			if fn.Body != nil {
				enter(fn.Body)
			}
		case *ast.FuncLit:
			enter(fn.Body)
		}
		return true
	})
	if n == 0 {
		return nil
	}
	spec := &ast.ImportSpec{Name: ast.NewIdent("flowtrace__"), Path: &ast.BasicLit{Kind: token.STRING, Value: strconv.Quote(tracePkg)}}
	f.Decls = append([]ast.Decl{&ast.GenDecl{Tok: token.IMPORT, Specs: []ast.Spec{spec}}}, f.Decls...)
	out, err := os.Create(p)
	if err != nil {
		return err
	}
	if err := printer.Fprint(out, fset, f); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// report prints the counts of the recorded flow (file, function per line).
func report(path, prefix string, verbose bool) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var files []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		file, fn, _ := strings.Cut(sc.Text(), "\t")
		file = strings.TrimPrefix(file, prefix)
		files = append(files, file)
		if verbose {
			fmt.Printf("%s\t%s\n", file, fn)
		}
	}
	distinct, batchFiles := map[string]bool{}, map[string]bool{}
	switches, batchSwitches := 0, 0
	inBatch := func(f string) bool { return strings.Contains(f, "/internal/batch/") }
	for i, file := range files {
		distinct[file] = true
		if inBatch(file) {
			batchFiles[file] = true
		}
		if i > 0 && files[i-1] != file {
			switches++
			if inBatch(file) || inBatch(files[i-1]) {
				batchSwitches++
			}
		}
	}
	fmt.Printf("functions entered: %d\nfiles: %d\nswitches: %d\nbatch files visited: %d\nswitches into or out of batch files: %d\n",
		len(files), len(distinct), switches, len(batchFiles), batchSwitches)
	return sc.Err()
}

// recorder is the package the instrumented copy calls.
const recorder = `// Package flowtrace records the file and function of each function
// entered while tracing is on.
package flowtrace

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Event is one function entered.
type Event struct{ File, Func string }

var (
	on     atomic.Bool
	mu     sync.Mutex
	events []Event
)

// Start clears the record and turns tracing on.
func Start() { mu.Lock(); events = nil; mu.Unlock(); on.Store(true) }

// Stop turns tracing off and returns the record.
func Stop() []Event { on.Store(false); mu.Lock(); defer mu.Unlock(); return events }

// Enter records its caller.
func Enter() {
	if !on.Load() {
		return
	}
	if pc, file, _, ok := runtime.Caller(1); ok {
		mu.Lock()
		events = append(events, Event{file, runtime.FuncForPC(pc).Name()})
		mu.Unlock()
	}
}
`

// driver is the test that traces one edit in commit mode.
const driver = `package gitedit_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/gitedit"
	"github.com/gitedit/gitedit/internal/flowtrace"
)

func TestFlowTrace(t *testing.T) {
	dir := t.TempDir()
	git := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q", "-b", "main")
	git("config", "user.name", "T")
	git("config", "user.email", "t@example.com")
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("one\ntwo\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	git("add", "a.txt")
	git("commit", "-q", "-m", "init")
	edit := func(old, new string) []flowtrace.Event {
		r, err := gitedit.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		opt, err := r.Defaults()
		if err != nil {
			t.Fatal(err)
		}
		opt.Commit = true
		flowtrace.Start()
		_, err = r.Edit(context.Background(), gitedit.EditRequest{FilePath: "a.txt", OldString: old, NewString: new}, opt)
		ev := flowtrace.Stop()
		if err != nil {
			t.Fatal(err)
		}
		return ev
	}
	edit("two", "TWO") // warm-up: one-time set-up is not counted
	var b strings.Builder
	for _, e := range edit("three", "3") {
		fmt.Fprintf(&b, "%s\t%s\n", e.File, e.Func)
	}
	if err := os.WriteFile(flag.Arg(0), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}
`
