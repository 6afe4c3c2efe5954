package gitedit_test

import (
	"context"
	"fmt"
	"os"

	"github.com/gitedit/gitedit/gitedit"
)

// ExampleRepo_ShowSession records two staged edits of one session (no
// commit: every batch with a session id is recorded in the session's
// ledger), lists the sessions, shows the session's batches and net
// change, and drops its ledger.
func ExampleRepo_ShowSession() {
	dir, r, err := exampleRepo("greet.txt", "Hello, world\n")
	defer os.RemoveAll(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	opt := gitedit.Options{Session: "demo"}
	for _, e := range [][2]string{{"Hello", "Goodbye"}, {"world", "moon"}} {
		if _, err := r.Edit(ctx, gitedit.EditRequest{FilePath: "greet.txt", OldString: e[0], NewString: e[1]}, opt); err != nil {
			fmt.Println(gitedit.CodeOf(err), err)
			return
		}
	}
	list, _ := r.Sessions(ctx)
	fmt.Println(list[0].Session, list[0].State, list[0].Batches, "batches,", list[0].Files, "file")
	show, err := r.ShowSession(ctx, gitedit.SessionRequest{Session: "demo"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, b := range show.Batches {
		fmt.Println(b.Subject)
	}
	fmt.Print(show.Diff)
	if _, err := r.DropSession(ctx, "demo", gitedit.Options{}); err != nil {
		fmt.Println(err)
	}
	list, _ = r.Sessions(ctx)
	fmt.Println(len(list), "sessions")
	// Output:
	// demo open 2 batches, 1 file
	// edit greet.txt: replace 1 occurrence
	// edit greet.txt: replace 1 occurrence
	// diff --git a/greet.txt b/greet.txt
	// index a5c19667710254f835085b99726e523457150e03..4cc02f363466c56b9d99766f0ac244ec74d93af0 100644
	// --- a/greet.txt
	// +++ b/greet.txt
	// @@ -1 +1 @@
	// -Hello, world
	// +Goodbye, moon
	// 0 sessions
}
