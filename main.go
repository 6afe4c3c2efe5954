// Command gitedit applies edits to files in a git repository as git
// objects, index entries and commits. See cli.Main.
package main

import (
	"os"

	"github.com/gitedit/gitedit/cli"
	_ "github.com/gitedit/gitedit/internal/sigstart/autostart" // catch a writer's signals from the start
)

func main() {
	os.Exit(cli.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
