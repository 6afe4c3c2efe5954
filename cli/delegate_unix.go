//go:build unix

package cli

import "syscall"

// execReplaces is true: on this system gitedit mcp replaces its process
// by gitedit-mcp (see env.delegates).
const execReplaces = true

// execve is syscall.Exec; tests replace it.
var execve = syscall.Exec

// runMCPBinary replaces this process by gitedit-mcp with the command line
// args (args[0] becomes its path): the server keeps gitedit's process id,
// standard streams, environment and directory, and its exit status is the
// command's. It returns only when the binary cannot be run.
func runMCPBinary(args []string) error {
	path, env, err := serverToRun()
	if err != nil {
		return err
	}
	argv := append([]string{path}, args[1:]...)
	return runError(path, execve(path, argv, env))
}
