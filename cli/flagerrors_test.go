package cli

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
)

// A command line the flag package refuses names each flag as it is typed
// and documented (--expect, -n), not as the flag package writes it
// (-expect); a value flag given last without its value needs an argument
// (it took the "--" reorderArgs puts before the operands as its value:
// --expected-hash was refused as the blob id "--", --expect as a number).
func TestFlagErrorsNameFlagsAsTyped(t *testing.T) {
	app := func(e *env, _ []string) *cli.App { return newApp(e) }
	oneDash := regexp.MustCompile(`(^|[\s:"])-[a-z][a-z-]+`)
	for line, want := range map[string]string{
		"edit a.txt --old x --new y --expect x":      `invalid value "x" for flag --expect: `,
		"edit a.txt --old x --new y --expect":        "flag needs an argument: --expect",
		"edit a.txt --old x --new y --expected-hash": "flag needs an argument: --expected-hash",
		"edit --expected-hash":                       "flag needs an argument: --expected-hash",
		"edit a.txt --old x --new y --bogus":         "flag provided but not defined: --bogus",
		"edit a.txt --old x --new y --commit=maybe":  `invalid boolean value "maybe" for --commit: `,
		"edit a.txt --old x --new y -C":              "flag needs an argument: -C",
		"read a.txt --offset z":                      `invalid value "z" for flag --offset: `,
		"log -n x":                                   `invalid value "x" for flag -n: `,
		"log --max-count x":                          `invalid value "x" for flag --max-count: `,
		"--bogus hash a.txt":                         "flag provided but not defined: --bogus",
	} {
		_, stderr, code := runApp(app, append([]string{"gitedit"}, strings.Fields(line)...))
		assert.Equal(t, exitInvalid, code, line)
		first, _, _ := strings.Cut(stderr, "\n")
		assert.Equal(t, "gitedit: invalid_input: "+want, first[:min(len(first), len("gitedit: invalid_input: ")+len(want))], line)
		assert.False(t, oneDash.MatchString(first), "%s: %s", line, first)
	}
}

// Only the flag's name is rewritten, not a value that looks like one.
func TestTypedFlagNamesLeavesTheValueAlone(t *testing.T) {
	for in, want := range map[string]string{
		`invalid value "for flag -x" for flag -expect: parse error`:  `invalid value "for flag -x" for flag --expect: parse error`,
		`invalid boolean value "\" for -x" for -commit: parse error`: `invalid boolean value "\" for -x" for --commit: parse error`,
		`flag provided but not defined: -n1`:                         `flag provided but not defined: --n1`,
		`flag needs an argument: -C`:                                 `flag needs an argument: -C`,
		`some other error naming -expect`:                            `some other error naming -expect`,
	} {
		assert.Equal(t, want, typedFlagNames(in), in)
	}
}
