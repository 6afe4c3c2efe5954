package cli

import (
	"strconv"
	"strings"
)

// verbCommands are the commands whose first positional argument is a
// verb, not a path: for them "help" there asks for the command's help
// ("gitedit session help land"), where "gitedit hash help" hashes a file
// named help.
var verbCommands = map[string]bool{"session": true}

// helpArgs returns the arguments that show the help of the command name
// when flags (the command's flags, with the values of those in takes)
// hold a help flag (--help or -h, anywhere on the line: "gitedit session
// land S --help") or, for a command of verbCommands, pos starts with
// "help"; else nil. urfave/cli shows a command's help only for a help
// flag before any positional argument, and otherwise takes the first
// positional argument as the name of a subcommand to describe ("No help
// topic for 'land'"). Git shows the command's help the same way
// wherever --help is (git stash show --help); the other flags and the
// arguments are then left out, so that a flag value refused ("--dirty
// maybe --help") does not hide the help either. A "--help" that is the
// value of a flag ("--old --help") or comes after "--" asks for nothing.
func helpArgs(prog, name string, flags, pos []string, takes map[string]bool) []string {
	asked := verbCommands[name] && len(pos) > 0 && pos[0] == "help"
	for i := 0; i < len(flags) && !asked; i++ {
		f := flags[i]
		if isHelpFlag(f) {
			asked = true
		} else if takes[strings.TrimLeft(f, "-")] {
			i++ // its value
		}
	}
	if !asked {
		return nil
	}
	return []string{prog, name, "--help"}
}

// isHelpFlag reports whether the flag argument a is urfave's help flag
// set to true: -h, --h, -help or --help, alone or with "=true".
func isHelpFlag(a string) bool {
	name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
	if name != "help" && name != "h" {
		return false
	}
	on, err := strconv.ParseBool(value)
	return !hasValue || (err == nil && on)
}
