package cli

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
)

// TestIsSetAnswersAsUrfave checks isSet against urfave's Context.IsSet
// for every name of every flag of every command, and for names no flag
// has: with no flag given, with each flag given under each of its names,
// given twice, given with another flag, and given through the environment
// (--session, --agent).
func TestIsSetAnswersAsUrfave(t *testing.T) {
	for _, vars := range []map[string]string{{}, {"GITEDIT_SESSION": "s1"}, {"GITEDIT_AGENT": ""}} {
		for _, v := range []string{"GITEDIT_SESSION", "GITEDIT_AGENT"} {
			t.Setenv(v, "")
			require.NoError(t, os.Unsetenv(v))
			if val, ok := vars[v]; ok {
				t.Setenv(v, val)
			}
		}
		app := newApp(&env{out: &printer{}})
		for _, c := range app.Commands {
			lines := [][]string{nil}
			for _, f := range c.Flags {
				for _, name := range f.Names() {
					arg := setArg(f, name)
					lines = append(lines, []string{arg}, []string{arg, arg}, []string{arg, "--json"})
				}
			}
			for _, line := range lines {
				args := append([]string{"gitedit", c.Name}, line...)
				asked := 0
				require.NoError(t, isSetApp(t, &asked).Run(args), "%q", args)
				assert.Positive(t, asked, "%q: no command ran", args)
			}
		}
	}
}

// isSetApp is the application whose every command records its flags as
// env.parsed does and compares isSet with Context.IsSet for each name of
// its flags and a few names of none; asked counts the commands run.
func isSetApp(t *testing.T, asked *int) *cli.App {
	app := testApp(false, map[string]bool{})
	for _, c := range app.Commands {
		c.Before = func(c *cli.Context) error { recordGiven(c); return nil }
		c.Action = func(c *cli.Context) error {
			*asked++
			_, recorded := c.Context.Value(givenKey{}).(givenFlags)
			assert.True(t, recorded, "%s: no flags recorded", c.Command.Name)
			names := []string{"no-such-flag", "", "version", "help", "h"}
			for _, f := range c.Command.Flags {
				names = append(names, f.Names()...)
			}
			for _, n := range names {
				assert.Equal(t, c.IsSet(n), isSet(c, n), "%s %s: isSet(%q)", c.Command.Name, strings.Join(c.Args().Slice(), " "), n)
			}
			return nil
		}
	}
	return app
}
