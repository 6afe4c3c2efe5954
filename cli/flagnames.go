package cli

import (
	"errors"
	"flag"
	"slices"
	"strconv"
	"strings"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
)

// urfave/cli/v2 asks a flag for its names (Names) every time it looks one
// up: Context.IsSet walks the command's flags asking each, and the flag
// actions pass that runs before every command calls IsSet for every name
// of every flag, so one command line asks about n² times. Each answer
// runs a regular expression (cli.FlagNames cuts a v1-style ", alias" tail
// off each name), which made these lookups about a tenth of an edit's
// processor time. The flag types below are urfave's own, embedded, with
// their names computed on the first call (cachedNames), so the commands
// not run pay nothing for theirs: every other method (Apply, IsSet,
// String, the documentation and action methods) is urfave's, so parsing,
// help and IsSet answer as before (TestCachedFlagNamesEqualUrfaves,
// TestCachedFlagsIsSet).

// boolFlag is a cli.BoolFlag whose names are computed once.
type boolFlag struct {
	*cli.BoolFlag
	names []string
}

// Names returns the flag's name and aliases, as cli.BoolFlag does.
func (f *boolFlag) Names() []string {
	return cachedNames(&f.names, f.Name, f.Aliases)
}

// Apply defines the flag in set as cli.BoolFlag.Apply does, under the
// cached names: urfave's Apply asks the embedded flag for its names, a
// regular expression per name, for every flag of the command on every run
// (about a tenth of the time from Main to the batch's lock). A flag that
// urfave reads from the environment or a file, or that counts into the
// caller's variable, takes urfave's own Apply. The default value urfave's
// Apply records for the help is then the flag's Value, which is what its
// help shows without it (TestCachedFlagsApplyAsUrfaveDoes).
func (f *boolFlag) Apply(set *flag.FlagSet) error {
	if len(f.EnvVars) > 0 || f.FilePath != "" || f.Count != nil {
		return f.BoolFlag.Apply(set)
	}
	dest := f.Destination
	if dest == nil {
		dest = new(bool)
	}
	*dest = f.Value
	count := -len(f.Aliases) // urfave: every alias counts each use once more
	for _, name := range f.Names() {
		set.Var(&boolValue{dest: dest, count: &count}, name, f.Usage)
	}
	return nil
}

// boolValue is urfave's flag value of a bool flag (unexported there):
// flag.FlagSet sees a boolean flag, cli.Context.Count its uses.
type boolValue struct {
	dest  *bool
	count *int
}

// Set parses s as urfave's boolValue does, with its error text.
func (b *boolValue) Set(s string) error {
	v, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("parse error")
	}
	*b.dest = v
	*b.count++
	return nil
}

// Get returns the value (flag.Getter).
func (b *boolValue) Get() any { return *b.dest }

// String returns the value as "true" or "false".
func (b *boolValue) String() string {
	if b.dest == nil { // the zero Value flag.isZeroValue makes
		return "false"
	}
	return strconv.FormatBool(*b.dest)
}

// IsBoolFlag makes the flag take no argument ("--commit", "--commit=false").
func (b *boolValue) IsBoolFlag() bool { return true }

// Count returns the number of uses (cli.Countable), 0 for none.
func (b *boolValue) Count() int {
	if b.count != nil && *b.count > 0 {
		return *b.count
	}
	return 0
}

// stringFlag is a cli.StringFlag whose names are computed once.
type stringFlag struct {
	*cli.StringFlag
	names []string
}

// Names returns the flag's name and aliases, as cli.StringFlag does.
func (f *stringFlag) Names() []string {
	return cachedNames(&f.names, f.Name, f.Aliases)
}

// Apply defines the flag in set as cli.StringFlag.Apply does, under the
// cached names (see boolFlag.Apply); a flag urfave reads from the
// environment or a file takes urfave's own Apply.
func (f *stringFlag) Apply(set *flag.FlagSet) error {
	if len(f.EnvVars) > 0 || f.FilePath != "" {
		return f.StringFlag.Apply(set)
	}
	for _, name := range f.Names() {
		if f.Destination != nil {
			set.StringVar(f.Destination, name, f.Value, f.Usage)
			continue
		}
		set.String(name, f.Value, f.Usage)
	}
	return nil
}

// intFlag is a cli.IntFlag whose names are computed once.
type intFlag struct {
	*cli.IntFlag
	names []string
}

// Names returns the flag's name and aliases, as cli.IntFlag does.
func (f *intFlag) Names() []string {
	return cachedNames(&f.names, f.Name, f.Aliases)
}

// durationFlag is a cli.DurationFlag whose names are computed once.
type durationFlag struct {
	*cli.DurationFlag
	names []string
}

// Names returns the flag's name and aliases, as cli.DurationFlag does.
func (f *durationFlag) Names() []string {
	return cachedNames(&f.names, f.Name, f.Aliases)
}

// newHelpFlag returns the name-caching form of urfave's help flag h
// (cli.HelpFlag, --help and -h), or h when it is not the *cli.BoolFlag
// urfave declares. urfave adds that flag to every command and asks for its
// names on every flag lookup: sixteen times for `gitedit hash F`, two
// regular expressions each, most of urfave's processor time in a short
// command. Its names are computed here, once, when the package is
// initialised: the flag is shared by every run, so nothing writes the
// cache afterwards. Its other methods are urfave's: the help prints it
// through cli.BoolFlag's own String, which honours its DisableDefaultText
// (TestHelpFlagKeepsTheHelpText).
func newHelpFlag(h cli.Flag) cli.Flag {
	b, ok := h.(*cli.BoolFlag)
	if !ok || !b.DisableDefaultText {
		return h
	}
	return &boolFlag{BoolFlag: b, names: flagNames(b.Name, b.Aliases)}
}

func init() { cli.HelpFlag = newHelpFlag(cli.HelpFlag) }

// cacheNames returns flags with each flag of a type above replaced by its
// name-caching form; other flags, and flags already cached, are kept.
// Only flags whose urfave type nothing asserts are replaced: a hidden
// bool flag or one with DisableDefaultText (urfave's help checks for
// *cli.BoolFlag) and a TakesFile string flag (its fish completion checks
// for *cli.StringFlag) stay as they are.
func cacheNames(flags []cli.Flag) []cli.Flag {
	out := make([]cli.Flag, len(flags))
	for i, f := range flags {
		out[i] = cacheFlagNames(f)
	}
	return out
}

// cacheFlagNames returns f's name-caching form, or f (see cacheNames).
func cacheFlagNames(f cli.Flag) cli.Flag {
	switch f := f.(type) {
	case *cli.BoolFlag:
		if !f.Hidden && !f.DisableDefaultText {
			return &boolFlag{BoolFlag: f}
		}
	case *cli.StringFlag:
		if !f.TakesFile {
			return &stringFlag{StringFlag: f}
		}
	case *cli.IntFlag:
		return &intFlag{IntFlag: f}
	case *cli.DurationFlag:
		return &durationFlag{DurationFlag: f}
	}
	return f
}

// cachedNames returns *cache, set to flagNames(name, aliases) on the
// first call. Like urfave's flags (Apply sets their HasBeenSet), the
// cache belongs to one run of one application: newApp builds new flags
// for every Main.
func cachedNames(cache *[]string, name string, aliases []string) []string {
	if *cache == nil {
		*cache = flagNames(name, aliases)
	}
	return *cache
}

// flagNames returns cli.FlagNames(name, aliases) without its regular
// expression when no name holds a comma or a space: the expression
// ("[, ]+.*") matches only from one of those, so the names are then
// returned unchanged. The slice is capped at its length, so that a caller
// appending to it gets a new array instead of writing into the cache.
func flagNames(name string, aliases []string) []string {
	names := append(make([]string, 0, 1+len(aliases)), name)
	names = append(names, aliases...)
	for _, n := range names {
		if strings.IndexByte(n, ',') >= 0 || strings.IndexByte(n, ' ') >= 0 {
			return slices.Clip(cli.FlagNames(name, aliases))
		}
	}
	return names
}
