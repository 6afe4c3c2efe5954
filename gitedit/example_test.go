package gitedit_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/gitedit/gitedit/gitedit"
)

// Example applies one edit as a commit and reads the result back: the
// library's whole cycle, as the package documentation describes it.
func Example() {
	dir, _ := os.MkdirTemp("", "gitedit-example")
	defer os.RemoveAll(dir)
	_ = os.WriteFile(filepath.Join(dir, "greet.txt"), []byte("Hello, world\n"), 0o644)
	for _, args := range [][]string{{"init", "-q"}, {"config", "user.name", "Ada"},
		{"config", "user.email", "ada@example.com"}, {"add", "."}, {"commit", "-q", "-m", "greet"}} {
		if err := exec.Command("git", append([]string{"-C", dir}, args...)...).Run(); err != nil {
			fmt.Println("git:", err)
			return
		}
	}

	r, err := gitedit.Open(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := r.Edit(context.Background(), gitedit.EditRequest{
		FilePath: "greet.txt", OldString: "Hello", NewString: "Goodbye",
	}, gitedit.Options{Commit: true, Message: "greet: say goodbye"})
	if err != nil {
		fmt.Println(gitedit.CodeOf(err), err)
		return
	}
	content, _ := os.ReadFile(filepath.Join(dir, "greet.txt"))
	log, _ := exec.Command("git", "-C", dir, "log", "-1", "--format=%s%n%(trailers:key=Edit-Tool)").Output()
	fmt.Printf("%s%d commit\n%s", content, len(res.CommitIDs()), log)

	_, err = r.Edit(context.Background(), gitedit.EditRequest{
		FilePath: "greet.txt", OldString: "Hello", NewString: "Hi",
	}, gitedit.Options{})
	fmt.Println(gitedit.CodeOf(err))
	// Output:
	// Goodbye, world
	// 1 commit
	// greet: say goodbye
	// Edit-Tool: edit
	//
	// not_found
}
