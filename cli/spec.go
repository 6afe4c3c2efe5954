package cli

import (
	"slices"
	"strings"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/gitedit"
	"github.com/gitedit/gitedit/mcp"
)

// The command definitions are the one source of the help texts, the shell
// completions and the man page: cmdSpec and flagSpec are what completion
// and the man page read from them.

// valueKind says what completes a flag's value or a command's arguments.
type valueKind int

const (
	valueText valueKind = iota // free text: nothing to offer
	valueFile                  // a file path
	valueDir                   // a directory
	valueEnum                  // one of a fixed list
)

// cmdSpec is one command as completion and the man page see it.
type cmdSpec struct {
	name, usage, argsUsage string
	args                   valueKind
	argValues              []string
	flags                  []flagSpec
}

// flagSpec is one flag: its names (the first is the main one), the
// placeholder of its value ("" for a boolean flag), its usage without the
// placeholder's backquotes, its default text, and what completes its value.
type flagSpec struct {
	names []string
	// inline is true for a flag whose value only follows "=" (--color).
	inline      bool
	placeholder string
	usage       string
	defaultText string
	kind        valueKind
	values      []string
}

// inlineValueFlags are the flags whose value only follows "=" (git's
// optional values): --color[=WHEN], --gpg-sign[=KEY].
var inlineValueFlags = map[string]bool{colorFlagName: true, "gpg-sign": true}

// placeholderKinds maps the placeholders the flag definitions use to what
// completes them; the enum values come from where the values are defined.
func placeholderKinds() map[string]flagSpec {
	modes := make([]string, len(engine.MatchModes))
	for i, m := range engine.MatchModes {
		modes[i] = string(m)
	}
	return map[string]flagSpec{
		"FILE":   {kind: valueFile},
		"DIR":    {kind: valueDir},
		"MODE":   {kind: valueEnum, values: modes},
		"POLICY": {kind: valueEnum, values: []string{string(gitedit.DirtyRefuse), string(gitedit.DirtyInclude), string(gitedit.DirtyCommitFirst)}},
		"WHEN":   {kind: valueEnum, values: []string{colorAlways, colorNever, colorAuto}},
		"FORMAT": {kind: valueEnum, values: mcp.Formats},
		"SHELL":  {kind: valueEnum, values: completionShells},
	}
}

// commandSpecs returns the specs of app's visible commands, in order.
func commandSpecs(app *cli.App) []cmdSpec {
	kinds := placeholderKinds()
	var specs []cmdSpec
	for _, c := range app.Commands {
		if c.Hidden {
			continue
		}
		s := cmdSpec{name: c.Name, usage: c.Usage, argsUsage: c.ArgsUsage, args: argsKind(c.ArgsUsage)}
		if k, ok := kinds[c.ArgsUsage]; ok {
			s.args, s.argValues = k.kind, k.values
		}
		for _, f := range append(c.Flags, cli.HelpFlag) {
			if !slices.Contains(f.Names(), "help") || !hasFlagSpec(s.flags, "help") {
				s.flags = append(s.flags, newFlagSpec(f, kinds))
			}
		}
		specs = append(specs, s)
	}
	return specs
}

// globalSpec is the flags that stand before any command.
func globalSpec(app *cli.App) cmdSpec {
	s := cmdSpec{name: app.Name, usage: app.Usage, argsUsage: "COMMAND"}
	for _, f := range append(app.Flags, cli.HelpFlag) {
		if !slices.Contains(f.Names(), "help") || !hasFlagSpec(s.flags, "help") {
			s.flags = append(s.flags, newFlagSpec(f, placeholderKinds()))
		}
	}
	return s
}

// hasFlagSpec reports whether flags has a flag called name.
func hasFlagSpec(flags []flagSpec, name string) bool {
	for _, f := range flags {
		if slices.Contains(f.names, name) {
			return true
		}
	}
	return false
}

// newFlagSpec describes flag f.
func newFlagSpec(f cli.Flag, kinds map[string]flagSpec) flagSpec {
	s := flagSpec{names: f.Names(), inline: inlineValueFlags[f.Names()[0]]}
	d, ok := f.(cli.DocGenerationFlag)
	if !ok {
		return s
	}
	name, usage := unquoteUsage(d.GetUsage())
	s.usage, s.defaultText = usage, d.GetDefaultText()
	if !d.TakesValue() {
		return s
	}
	s.placeholder = name
	if k, ok := kinds[name]; ok {
		s.kind, s.values = k.kind, k.values
	}
	return s
}

// unquoteUsage returns the placeholder a usage names between backquotes
// ("value" when none) and the usage without the backquotes, as urfave/cli
// shows it.
func unquoteUsage(usage string) (string, string) {
	start := strings.IndexByte(usage, '`')
	if start < 0 {
		return "value", usage
	}
	end := strings.IndexByte(usage[start+1:], '`')
	if end < 0 {
		return "value", usage
	}
	name := usage[start+1 : start+1+end]
	return name, usage[:start] + name + usage[start+end+2:]
}

// argsKind tells from a command's arguments usage whether its arguments
// are files.
func argsKind(argsUsage string) valueKind {
	for _, w := range []string{"PATH", "FILE", "RECIPE"} {
		if strings.Contains(argsUsage, w) {
			return valueFile
		}
	}
	return valueText
}

// long reports whether a flag name is written with two dashes.
func long(name string) bool { return len(name) > 1 }

// dashed writes a flag name as it is typed: -C, --json.
func dashed(name string) string {
	if long(name) {
		return "--" + name
	}
	return "-" + name
}
