package gitedit_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/gitedit/gitedit/gitedit"
)

// ExampleRepo_LandSession lands a session of three staged edits, the
// second of them undone, one commit per batch (Each): two commits, each
// with its batch's own message, in one atomic land; the undone batch and
// its undo are left out.
func ExampleRepo_LandSession() {
	dir, _ := os.MkdirTemp("", "gitedit-example")
	defer os.RemoveAll(dir)
	_ = os.WriteFile(filepath.Join(dir, "list.txt"), []byte("one\ntwo\nthree\n"), 0o644)
	for _, args := range [][]string{{"init", "-q"}, {"config", "user.name", "Ada"},
		{"config", "user.email", "ada@example.com"}, {"add", "."}, {"commit", "-q", "-m", "list"}} {
		if err := exec.Command("git", append([]string{"-C", dir}, args...)...).Run(); err != nil {
			fmt.Println("git:", err)
			return
		}
	}
	ctx := context.Background()
	r, err := gitedit.Open(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	opt := gitedit.Options{Session: "s"}
	edit := func(old, new string) error {
		_, err := r.Edit(ctx, gitedit.EditRequest{FilePath: "list.txt", OldString: old, NewString: new}, opt)
		return err
	}
	err = edit("one", "ONE")
	if err == nil {
		err = edit("two", "TWO")
	}
	if err == nil {
		_, err = r.UndoSession(ctx, gitedit.SessionUndoRequest{Session: "s", Last: 1}, gitedit.Options{})
	}
	if err == nil {
		err = edit("three", "THREE")
	}
	if err != nil {
		fmt.Println(gitedit.CodeOf(err), err)
		return
	}
	land, err := r.LandSession(ctx, gitedit.LandRequest{Session: "s", Each: true}, gitedit.Options{})
	if err != nil {
		fmt.Println(gitedit.CodeOf(err), err)
		return
	}
	fmt.Println(len(land.Commits), "commits")
	for _, rev := range []string{"HEAD~1", "HEAD"} {
		out, _ := exec.Command("git", "-C", dir, "show", rev+":list.txt").Output()
		fmt.Printf("%s: %q\n", rev, out)
	}
	// Output:
	// 2 commits
	// HEAD~1: "ONE\ntwo\nthree\n"
	// HEAD: "ONE\ntwo\nTHREE\n"
}
