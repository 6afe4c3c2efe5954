package cli

import (
	"fmt"
	"os"
	"path/filepath"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/gitedit"
	"github.com/gitedit/gitedit/internal/buildinfo"
)

// versionCommand is `gitedit version [--json]`; `gitedit --version` is the
// same command.
func versionCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "version",
		Usage: "print the version, the commit and date it was built from, and the Go version",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print the same as one JSON object"},
			&cli.StringFlag{Name: "C", Value: ".", Usage: "as git -C `DIR` --version: DIR must be a folder"},
		},
		Action: e.version,
	}
}

// version prints the build information of the running binary.
func (e *env) version(c *cli.Context) error {
	if _, err := args(c, 0, 0, "takes no arguments"); err != nil {
		return err
	}
	if err := checkDir(c.String("C")); err != nil {
		return err
	}
	info := buildinfo.Read()
	if e.out.json {
		e.out.emit(struct {
			OK bool `json:"ok"`
			buildinfo.Info
		}{true, info})
		return nil
	}
	_, err := fmt.Fprint(e.out.stdout, info.String())
	return err
}

// versionAlias turns `gitedit --version ...` into `gitedit version ...`,
// as git takes `git --version` for `git version`, after -C DIR too
// (`gitedit -C DIR --version`, as git -C DIR --version).
func versionAlias(args []string) []string {
	i := 1
	for i+1 < len(args) && args[i] == "-C" {
		i += 2
	}
	if i < len(args) && (args[i] == "--version" || args[i] == "-version") {
		out := append([]string{args[0], "version"}, args[1:i]...)
		return append(out, args[i+1:]...)
	}
	return args
}

// checkDir refuses a -C DIR that is not a folder, with the error the
// commands that open a repository give (git: "cannot change to DIR").
func checkDir(dir string) error {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		abs, _ := filepath.Abs(dir)
		return &gitedit.Error{Code: gitedit.CodeNotARepo, Message: abs + ": not a directory"}
	}
	return nil
}
