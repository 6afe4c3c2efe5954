package gitedit_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gitedit/gitedit/gitedit"
)

// ExampleRepo_UndoSession lets two sessions edit one file (staged, not
// committed), takes back session a's batches by a three-way merge that
// keeps b's line, and lands session b as one commit. The undo changed
// b's file after b's last batch, so the land includes the file as it
// now is (Dirty: include); without it, the land is dirty.
func ExampleRepo_UndoSession() {
	dir, r, err := exampleRepo("list.txt", "one\ntwo\nthree\nfour\n")
	defer os.RemoveAll(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	for _, e := range [][3]string{{"a", "one", "ONE"}, {"b", "three", "THREE"}, {"a", "four", "FOUR"}} {
		req := gitedit.EditRequest{FilePath: "list.txt", OldString: e[1], NewString: e[2]}
		if _, err := r.Edit(ctx, req, gitedit.Options{Session: e[0]}); err != nil {
			fmt.Println(gitedit.CodeOf(err), err)
			return
		}
	}
	undo, err := r.UndoSession(ctx, gitedit.SessionUndoRequest{Session: "a"}, gitedit.Options{})
	if err != nil {
		fmt.Println(gitedit.CodeOf(err), err)
		return
	}
	fmt.Println(undo.Summary)
	land, err := r.LandSession(ctx, gitedit.LandRequest{Session: "b"}, gitedit.Options{Message: "Shout three", Dirty: gitedit.DirtyInclude})
	if err != nil {
		fmt.Println(gitedit.CodeOf(err), err)
		return
	}
	fmt.Println(strings.SplitN(land.Summary, " and committed", 2)[0])
	data, _ := os.ReadFile(filepath.Join(dir, "list.txt"))
	fmt.Print(string(data))
	// Output:
	// Undid 2 batches of session a (1 file): "edit list.txt: replace 1 occurrence", "edit list.txt: replace 1 occurrence"
	// Landed session b: 1 batch, 1 file
	// one
	// two
	// THREE
	// four
}
