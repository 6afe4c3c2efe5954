//go:build !unix

package cli

import (
	"errors"
	"os"
	"os/exec"
)

// execReplaces is false: this system has no exec, gitedit mcp waits for
// gitedit-mcp and keeps catching signals meanwhile (see env.delegates).
const execReplaces = false

// runMCPBinary runs gitedit-mcp with the command line args (args[0]
// becomes its path) on this process's standard streams, environment and
// directory, and ends with its exit status (this system has no exec).
func runMCPBinary(args []string) error {
	path, env, err := serverToRun()
	if err != nil {
		return err
	}
	cmd := exec.Command(path, args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr, cmd.Env = os.Stdin, os.Stdout, os.Stderr, env
	err = cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &exit):
		return &statusError{status: exit.ExitCode()}
	}
	return runError(path, err)
}
