// Package demo runs gitedit's built-in example: it creates a temporary
// repository from the sample project in fixtures/sample, commits it, and
// applies an edit and a multiedit with commits, printing the diffs and the
// commit trailers as real git reads them; then it stages edits under a
// session, shows the session, takes back its newest batch and lands the
// rest as one commit.
package demo

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"strings"

	"github.com/gitedit/gitedit/fixtures/sample"
	"github.com/gitedit/gitedit/gitedit"
)

// Identity is the author of the demo's commits when git has none configured.
const (
	name  = "gitedit demo"
	email = "demo@gitedit.invalid"
)

// Run creates the demo repository in a new temporary folder and runs the
// demo in it, writing its narration to w. The repository is left in place
// so that it can be inspected; its path is printed at the end.
func Run(ctx context.Context, w io.Writer) error {
	dir, err := os.MkdirTemp("", "gitedit-demo-")
	if err != nil {
		return fmt.Errorf("create demo folder: %w", err)
	}
	if err := RunIn(ctx, dir, w); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nThe repository is at %s — try: git -C %s log --stat\n", dir, dir)
	fmt.Fprintf(w, "or, for the session's ledger: git -C %s log -p refs/gitedit/sessions/%s\n", dir, review)
	return nil
}

// RunIn runs every step of the demo in dir, an empty folder.
func RunIn(ctx context.Context, dir string, w io.Writer) error {
	d := &demo{ctx: ctx, dir: dir, w: w}
	for _, step := range d.steps() {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// steps are the demo's steps, in order.
func (d *demo) steps() []func() error {
	return []func() error{d.init, d.addSample, d.rename, d.multiedit, d.undo, d.series,
		d.sessionEdits, d.sessionShow, d.sessionUndo, d.sessionLand}
}

// demo is the state shared by the steps.
type demo struct {
	ctx  context.Context
	dir  string
	w    io.Writer
	repo *gitedit.Repo
	opt  gitedit.Options
}

// init creates the repository with git and opens it.
func (d *demo) init() error {
	if _, err := d.git("init", "-q", "-b", "main"); err != nil {
		return err
	}
	repo, err := gitedit.Open(d.dir)
	if err != nil {
		return err
	}
	d.repo = repo
	d.opt = gitedit.Options{Commit: true, Session: "demo-session", Agent: "gitedit-demo", Author: name + " <" + email + ">"}
	setDefaultIdentity()
	return nil
}

// setDefaultIdentity gives the committer an identity when the machine has
// none, so that the demo runs on a fresh machine.
func setDefaultIdentity() {
	if os.Getenv("GIT_COMMITTER_NAME") == "" {
		os.Setenv("GIT_COMMITTER_NAME", name)
	}
	if os.Getenv("GIT_COMMITTER_EMAIL") == "" {
		os.Setenv("GIT_COMMITTER_EMAIL", email)
	}
}

// addSample creates the sample project's files in one batch and commit.
func (d *demo) addSample() error {
	var ops []gitedit.Operation
	err := fs.WalkDir(sample.Demo, "testdata/demo", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := sample.Demo.ReadFile(p)
		rel := strings.TrimSuffix(strings.TrimPrefix(p, "testdata/demo/"), ".txt")
		ops = append(ops, gitedit.Operation{Tool: gitedit.ToolEdit, Edit: &gitedit.EditRequest{FilePath: rel, NewString: string(data)}})
		return err
	})
	if err != nil {
		return fmt.Errorf("read sample: %w", err)
	}
	res, err := d.repo.Batch(d.ctx, gitedit.BatchRequest{Message: "Add the sample project", Operations: ops}, d.opt)
	return d.show("1. A batch creates the sample project in one commit", res, err, false)
}

// rename renames a function everywhere in one file with replace_all.
func (d *demo) rename() error {
	req := gitedit.EditRequest{FilePath: "greet/greet.go", OldString: "Hello(", NewString: "Greet(", ReplaceAll: true}
	res, err := d.repo.Edit(d.ctx, req, d.opt)
	return d.show("2. An edit with replace_all renames Hello to Greet", res, err, true)
}

// multiedit applies two edits to one file, the second with its
// indentation off by a level, which the tolerant matching recovers.
func (d *demo) multiedit() error {
	req := gitedit.MultiEditRequest{FilePath: "greet/greet.go", Edits: []gitedit.EditItem{
		{OldString: `name = "world"`, NewString: `name = "gitedit"`},
		{OldString: "for _, n := range names {\n\tout = append(out, Greet(n))\n}", NewString: "for _, n := range names {\n\tif n != \"\" {\n\t\tout = append(out, Greet(n))\n\t}\n}"},
	}}
	res, err := d.repo.MultiEdit(d.ctx, req, d.opt)
	return d.show("3. A multiedit: two edits, one commit (the second written one indentation level too shallow)", res, err, true)
}

// undo reverts the multiedit with a new commit.
func (d *demo) undo() error {
	return d.undoStep()
}

// series exports the session's commits as a patch series.
func (d *demo) series() error {
	return d.seriesStep()
}

// show prints a step's result and, when trailers is set, the commit's
// trailers as git reads them.
func (d *demo) show(title string, res *gitedit.Result, err error, trailers bool) error {
	if err != nil {
		return fmt.Errorf("%s: %w", title, err)
	}
	fmt.Fprintf(d.w, "\n== %s\n%s\n", title, res.Summary)
	for _, n := range res.Notes {
		fmt.Fprintf(d.w, "note: %s\n", n)
	}
	if trailers {
		fmt.Fprintf(d.w, "\n%s", res.Diff)
		out, err := d.git("log", "-1", "--format=%(trailers)")
		if err != nil {
			return err
		}
		fmt.Fprintf(d.w, "\n$ git log -1 --format='%%(trailers)'\n%s", out)
	}
	return nil
}

// git runs git in the demo repository.
func (d *demo) git(args ...string) (string, error) {
	cmd := exec.CommandContext(d.ctx, "git", args...)
	cmd.Dir = d.dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}
