package cli

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
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

// valueApp is testApp recording, for each name of each flag, what the
// action reads of it: IsSet, Value, Count and the string form.
func valueApp(uncached bool, got map[string]string, stderr io.Writer) *cli.App {
	app := testApp(uncached, map[string]bool{})
	record := func(flags []cli.Flag) cli.ActionFunc {
		return func(c *cli.Context) error {
			for _, f := range flags {
				for _, n := range urfaveFlag(f).Names() {
					got[n] = fmt.Sprintf("set %v value %#v count %d string %q bool %v", c.IsSet(n), c.Value(n), c.Count(n), c.String(n), c.Bool(n))
				}
			}
			return nil
		}
	}
	for _, c := range app.Commands {
		c.Action = record(c.Flags)
	}
	app.Action, app.ErrWriter, app.Writer = record(app.Flags), stderr, stderr
	return app
}

// TestCachedFlagsApplyAsUrfaveDoes checks boolFlag.Apply and
// stringFlag.Apply against urfave's: every flag of every command, absent,
// set under each name, set twice, a bool one to false and to a value that
// is no bool, read back in every way the actions read flags, with the
// same errors and the same help.
func TestCachedFlagsApplyAsUrfaveDoes(t *testing.T) {
	t.Setenv("GITEDIT_SESSION", "s1")
	t.Setenv("GITEDIT_AGENT", "")
	require.NoError(t, os.Unsetenv("GITEDIT_AGENT"))
	app := newApp(&env{out: &printer{}})
	for _, c := range append(app.Commands, &cli.Command{Flags: app.Flags}) {
		lines := [][]string{nil, {"--help"}}
		for _, f := range c.Flags {
			for _, name := range f.Names() {
				arg := setArg(f, name)
				lines = append(lines, []string{arg}, []string{arg, arg})
				if _, ok := urfaveFlag(f).(*cli.BoolFlag); ok {
					lines = append(lines, []string{arg + "=false"}, []string{arg, arg + "=false"}, []string{arg + "=maybe"})
				}
			}
		}
		for _, line := range lines {
			args := append(strings.Fields("gitedit "+c.Name), line...)
			want, got := map[string]string{}, map[string]string{}
			var wantOut, gotOut strings.Builder
			wantErr := valueApp(true, want, &wantOut).Run(args)
			gotErr := valueApp(false, got, &gotOut).Run(args)
			assert.Equal(t, fmt.Sprint(wantErr), fmt.Sprint(gotErr), "%q", args)
			assert.Equal(t, want, got, "%q", args)
			assert.Equal(t, wantOut.String(), gotOut.String(), "%q", args)
		}
	}
}

// TestCachedFlagsApplyAsUrfaveDoesBeyondGitedits checks the Apply of the
// cached flags on the forms gitedit's own flags do not use: aliases of a
// bool flag (counted once per use), a true default, a destination.
func TestCachedFlagsApplyAsUrfaveDoesBeyondGitedits(t *testing.T) {
	var b bool
	var s string
	flags := func() []cli.Flag {
		b, s = false, ""
		return []cli.Flag{
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v", "loud"}},
			&cli.BoolFlag{Name: "on", Value: true},
			&cli.BoolFlag{Name: "dest", Destination: &b, Value: true},
			&cli.StringFlag{Name: "name", Aliases: []string{"n"}, Value: "x", Destination: &s},
			&cli.StringFlag{Name: "plain", Value: "p"},
		}
	}
	for _, line := range []string{"", "-v", "-v -v --loud", "--on=false", "--dest=false", "--dest=no",
		"-n a", "--name=b -n c", "--plain q", "-v --verbose=false", "--help"} {
		got := map[string]string{}
		var out [2]strings.Builder
		var errs [2]error
		for k, uncached := range []bool{true, false} {
			fl := flags()
			if !uncached {
				fl = cacheNames(fl)
			}
			rec := map[string]string{}
			app := &cli.App{Name: "t", Flags: fl, Writer: &out[k], ErrWriter: &out[k], Action: func(c *cli.Context) error {
				for _, n := range []string{"verbose", "v", "loud", "on", "dest", "name", "n", "plain"} {
					rec[n] = fmt.Sprintf("set %v value %#v count %d string %q", c.IsSet(n), c.Value(n), c.Count(n), c.String(n))
				}
				rec["destinations"] = fmt.Sprint(b, s)
				return nil
			}}
			errs[k] = app.Run(append([]string{"t"}, strings.Fields(line)...))
			if k == 0 {
				got = rec
			} else {
				assert.Equal(t, got, rec, "%q", line)
			}
		}
		assert.Equal(t, fmt.Sprint(errs[0]), fmt.Sprint(errs[1]), "%q", line)
		assert.Equal(t, out[0].String(), out[1].String(), "%q", line)
	}
}

// TestTakesValueAsUrfave checks takesValue against urfave's TakesValue of
// every flag of every command, cached or not.
func TestTakesValueAsUrfave(t *testing.T) {
	app := newApp(&env{out: &printer{}})
	for _, c := range append(app.Commands, &cli.Command{Name: "(global)", Flags: app.Flags}) {
		for _, f := range c.Flags {
			u := urfaveFlag(f)
			tv, ok := u.(interface{ TakesValue() bool })
			want := ok && tv.TakesValue()
			assert.Equal(t, want, takesValue(f), "%s: %s", c.Name, f.Names()[0])
			assert.Equal(t, want, takesValue(u), "%s: %s, urfave's", c.Name, f.Names()[0])
		}
	}
	assert.True(t, takesValue(&stringFlag{StringFlag: &cli.StringFlag{Name: "s"}}))
	assert.False(t, takesValue(&boolFlag{BoolFlag: &cli.BoolFlag{Name: "b"}}))
	assert.True(t, takesValue(&cli.StringSliceFlag{Name: "l"}))
}
