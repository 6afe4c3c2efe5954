package cli

import (
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/urfave/cli/v2"
)

// urfaveFlag returns the urfave/cli flag inside a name-caching flag, or f.
func urfaveFlag(f cli.Flag) cli.Flag {
	switch f := f.(type) {
	case *boolFlag:
		return f.BoolFlag
	case *stringFlag:
		return f.StringFlag
	case *intFlag:
		return f.IntFlag
	case *durationFlag:
		return f.DurationFlag
	}
	return f
}

// testApp returns the application for one run of a test: every action
// records, for each name of each flag of its command (or of the
// application), whether Context.IsSet says it is set; with uncached the
// flags are urfave's own, as before the cache.
func testApp(uncached bool, got map[string]bool) *cli.App {
	e := &env{out: &printer{stdout: io.Discard, stderr: io.Discard}}
	app := newApp(e)
	record := func(flags []cli.Flag) cli.ActionFunc {
		return func(c *cli.Context) error {
			for _, f := range flags {
				for _, n := range urfaveFlag(f).Names() {
					got[n] = c.IsSet(n)
				}
			}
			return nil
		}
	}
	for _, c := range app.Commands {
		if uncached {
			c.Flags = uncache(c.Flags)
		}
		c.Before, c.Action = nil, record(c.Flags)
	}
	if uncached {
		app.Flags = uncache(app.Flags)
	}
	app.Action = record(app.Flags)
	return app
}

// uncache replaces each name-caching flag of flags by urfave's own.
func uncache(flags []cli.Flag) []cli.Flag {
	for i, f := range flags {
		flags[i] = urfaveFlag(f)
	}
	return flags
}

// setArg returns the argument that sets f under name: a bool flag alone,
// the others with a value of their type.
func setArg(f cli.Flag, name string) string {
	arg := "--" + name
	if len(name) == 1 {
		arg = "-" + name
	}
	switch urfaveFlag(f).(type) {
	case *cli.BoolFlag:
		return arg
	case *cli.IntFlag:
		return arg + "=2"
	case *cli.DurationFlag:
		return arg + "=2s"
	}
	return arg + "=x"
}

func TestCachedFlagNamesEqualUrfaves(t *testing.T) {
	app := newApp(&env{out: &printer{}})
	for _, c := range append(app.Commands, &cli.Command{Name: "(global)", Flags: app.Flags}) {
		for _, f := range c.Flags {
			want := urfaveFlag(f).Names()
			assert.Equal(t, want, f.Names(), "%s: %s", c.Name, want[0])
			assert.Equal(t, want, f.Names(), "%s: %s, asked again", c.Name, want[0])
			if u := urfaveFlag(f); u == f { // only the flags whose type urfave asserts stay
				assert.Same(t, f, cacheFlagNames(f), "%s: %s is not cached", c.Name, want[0])
			}
			assert.Same(t, f, cacheFlagNames(f), "%s: %s is cached twice", c.Name, want[0])
			_ = append(f.Names(), "appended")
			assert.Equal(t, want, f.Names(), "%s: %s after an append", c.Name, want[0])
		}
	}
}

func TestCachedFlagNamesCutAsUrfaveDoes(t *testing.T) {
	for _, names := range [][]string{
		{"json"}, {"message", "m"}, {"a, b"}, {"x", "y z"}, {"a,b c", "d,"},
		{"new\nline, x"}, {"tab\tname"}, {""}, {" lead"}, {"é, ü", "ß"},
	} {
		f := &cli.StringFlag{Name: names[0], Aliases: names[1:]}
		assert.Equal(t, f.Names(), cacheFlagNames(f).Names(), "%q", names)
	}
}

func TestCachedFlagsKeepTheTypesUrfaveAsserts(t *testing.T) {
	for _, f := range []cli.Flag{
		&cli.BoolFlag{Name: "hidden", Hidden: true},
		&cli.BoolFlag{Name: "quiet", DisableDefaultText: true},
		&cli.StringFlag{Name: "file", TakesFile: true},
		&cli.StringSliceFlag{Name: "list"},
	} {
		assert.Same(t, f, cacheFlagNames(f), "%s", f.Names()[0])
	}
}

func TestCachedFlagsIsSet(t *testing.T) {
	for _, env := range []string{"GITEDIT_SESSION", "GITEDIT_AGENT"} {
		t.Setenv(env, "")
		require.NoError(t, os.Unsetenv(env))
	}
	app := newApp(&env{out: &printer{}})
	for _, c := range append(app.Commands, &cli.Command{Flags: app.Flags}) {
		for _, f := range c.Flags {
			for _, name := range f.Names() {
				args := append(strings.Fields("gitedit "+c.Name), setArg(f, name))
				want, got := map[string]bool{}, map[string]bool{}
				require.NoError(t, testApp(true, want).Run(args), "%q", args)
				require.NoError(t, testApp(false, got).Run(args), "%q", args)
				require.NotEmpty(t, got, "%q", args)
				assert.Equal(t, want, got, "%q", args)
				for n, set := range got {
					assert.Equal(t, slices.Contains(f.Names(), n), set, "%q: IsSet(%q)", args, n)
				}
			}
		}
	}
}

func TestCachedFlagsIsSetFromTheEnvironment(t *testing.T) {
	t.Setenv("GITEDIT_SESSION", "s1")
	t.Setenv("GITEDIT_AGENT", "")
	require.NoError(t, os.Unsetenv("GITEDIT_AGENT"))
	want, got := map[string]bool{}, map[string]bool{}
	require.NoError(t, testApp(true, want).Run([]string{"gitedit", "edit"}))
	require.NoError(t, testApp(false, got).Run([]string{"gitedit", "edit"}))
	assert.Equal(t, want, got)
	assert.True(t, got["session"])
	assert.False(t, got["agent"])
}

func TestHelpFlagKeepsTheHelpText(t *testing.T) {
	cached := cli.HelpFlag
	require.IsType(t, &boolFlag{}, cached, "the help flag caches its names")
	assert.Equal(t, []string{"help", "h"}, cached.Names())
	urfaves := cached.(*boolFlag).BoolFlag
	lines := [][]string{{"gitedit"}, {"gitedit", "--help"}, {"gitedit", "-h"}, {"gitedit", "help"},
		{"gitedit", "man"}, {"gitedit", "completion", "bash"}, {"gitedit", "completion", "zsh"},
		{"gitedit", "completion", "fish"}, {"gitedit", "nosuch"}, {"gitedit", "hash", "--no-such-flag"}}
	for _, c := range commands {
		lines = append(lines, []string{"gitedit", c.name, "--help"}, []string{"gitedit", "help", c.name})
	}
	for _, args := range lines {
		gotOut, gotErr, gotCode := runApp(newAppFor, args)
		cli.HelpFlag = urfaves
		wantOut, wantErr, wantCode := runApp(newAppFor, args)
		cli.HelpFlag = cached
		assert.Equal(t, wantOut, gotOut, "%v", args)
		assert.Equal(t, wantErr, gotErr, "%v", args)
		assert.Equal(t, wantCode, gotCode, "%v", args)
		if slices.Contains(args, "--help") {
			assert.Contains(t, gotOut, "--help, -h", "%v", args)
			assert.NotContains(t, gotOut, "show help (default", "%v", args)
		}
	}
}

func TestHelpFlagKeepsAnotherHelpFlag(t *testing.T) {
	other := &cli.BoolFlag{Name: "help"}
	assert.Same(t, other, newHelpFlag(other), "a help flag that shows its default is urfave's own")
	str := &cli.StringFlag{Name: "help"}
	assert.Same(t, str, newHelpFlag(str))
}
