package cli

import (
	"context"
	"slices"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
)

// givenFlags says, for every name of every flag of one command, whether
// the flag was given: on the command line under any of its names or, for a
// flag with EnvVars, in the environment, which is what urfave's
// Context.IsSet answers. IsSet answers each name with up to two passes over
// the parsed flags, each sorting them anew, and walks the command's flags
// to find the one named: a write command asks some twenty times, which was
// a tenth of urfave's part of the time from Main to the batch's lock. The
// answers are computed once, when the flags are parsed (recordGiven, from
// env.parsed), from one pass (Context.LocalFlagNames); isSet reads them.
type givenFlags map[string]bool

// givenKey is the key of a command's givenFlags in its cli.Context's
// Context.
type givenKey struct{}

// recordGiven computes the givenFlags of c's command and keeps them in
// c.Context for isSet. It runs once the flags are parsed (a command's
// Before): nothing sets a flag afterwards.
func recordGiven(c *cli.Context) {
	if c.Command == nil || c.Context == nil {
		return
	}
	local := c.LocalFlagNames()
	given := givenFlags{}
	for _, f := range c.Command.Flags {
		names := f.Names()
		set := slices.ContainsFunc(names, func(n string) bool { return slices.Contains(local, n) })
		for _, n := range names {
			given[n] = set
		}
	}
	c.Context = context.WithValue(c.Context, givenKey{}, given)
}

// isSet is c.IsSet(name), answered from the givenFlags recordGiven kept
// for a name of the command's flags.
func isSet(c *cli.Context, name string) bool {
	if c.Context != nil {
		if given, ok := c.Context.Value(givenKey{}).(givenFlags); ok {
			if set, known := given[name]; known {
				return set
			}
		}
	}
	return c.IsSet(name)
}
