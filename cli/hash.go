package cli

import (
	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
)

// hashCommand is `gitedit hash PATH…`: the blob id of each file, as
// `git hash-object` prints it.
func hashCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "hash",
		Usage:     "print \"<blob id> <path>\" per file (the value of expected_hash)",
		ArgsUsage: "PATH...",
		Flags:     repoFlags(),
		Action:    e.hash,
	}
}

// hash prints the blob ids of the files named.
func (e *env) hash(c *cli.Context) error {
	paths, err := args(c, 1, -1, "takes one or more PATHs")
	if err != nil {
		return err
	}
	repo, err := e.openRepo(c)
	if err != nil {
		return err
	}
	hs, err := repo.Hash(c.Context, paths)
	if err != nil {
		return err
	}
	e.out.hashes(hs)
	return nil
}
