package gitedit_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"

	"github.com/gitedit/gitedit/gitedit"
)

// ExampleRepo_LandSession lands a session of three staged edits, the
// second of them undone, one commit per batch (Each): two commits, each
// with its batch's own message, in one atomic land; the undone batch and
// its undo are left out.
func ExampleRepo_LandSession() {
	dir, r, err := exampleRepo("list.txt", "one\ntwo\nthree\n")
	defer os.RemoveAll(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
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
