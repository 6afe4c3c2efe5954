package cli

import (
	"fmt"

	"github.com/urfave/cli/v2"

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
		},
		Action: e.version,
	}
}

// version prints the build information of the running binary.
func (e *env) version(c *cli.Context) error {
	if _, err := args(c, 0, 0, "takes no arguments"); err != nil {
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
// as git takes `git --version` for `git version`.
func versionAlias(args []string) []string {
	if len(args) > 1 && (args[1] == "--version" || args[1] == "-version") {
		return append([]string{args[0], "version"}, args[2:]...)
	}
	return args
}
