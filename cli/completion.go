package cli

import (
	"fmt"
	"io"
	"strings"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
)

// completionShells are the shells `gitedit completion` writes scripts for.
var completionShells = []string{"bash", "zsh", "fish"}

// completionCommand is `gitedit completion bash|zsh|fish`.
func completionCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:  "completion",
		Usage: "print the shell completion script for bash, zsh or fish (gitedit completion --help says how to install it)",
		Description: "bash:  echo 'source <(gitedit completion bash)' >> ~/.bashrc\n" +
			"zsh:   echo 'source <(gitedit completion zsh)' >> ~/.zshrc   (after compinit)\n" +
			"fish:  gitedit completion fish > ~/.config/fish/completions/gitedit.fish",
		ArgsUsage: "SHELL",
		Action:    e.completion,
	}
}

// completion prints the script of the shell named.
func (e *env) completion(c *cli.Context) error {
	a, err := args(c, 1, 1, "takes one SHELL: bash, zsh or fish")
	if err != nil {
		return err
	}
	write, ok := map[string]func(io.Writer, *cli.App){"bash": writeBash, "zsh": writeZsh, "fish": writeFish}[a[0]]
	if !ok {
		return usagef("completion: unknown shell %q (expected bash, zsh or fish)", a[0])
	}
	write(e.out.stdout, c.App)
	return nil
}

// commandNames returns the names of the specs.
func commandNames(specs []cmdSpec) []string {
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.name
	}
	return names
}

// flagWords returns every spelling of the specs' flags, dashed.
func flagWords(flags []flagSpec) []string {
	var words []string
	for _, f := range flags {
		for _, n := range f.names {
			words = append(words, dashed(n))
		}
	}
	return words
}

// writeBash writes the bash completion script: commands, each command's
// flags, the values of enum flags (also as --flag=VALUE), directories and
// files where the flags and arguments take them.
func writeBash(w io.Writer, app *cli.App) {
	specs := commandSpecs(app)
	fmt.Fprintf(w, "# bash completion for gitedit (gitedit completion bash)\n_gitedit() {\n")
	fmt.Fprintf(w, "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd= eq= i\n")
	fmt.Fprintf(w, "  for ((i = 1; i < COMP_CWORD; i++)); do\n    case ${COMP_WORDS[i]} in\n")
	fmt.Fprintf(w, "      %s) cmd=${COMP_WORDS[i]}; break ;;\n    esac\n  done\n", strings.Join(commandNames(specs), "|"))
	fmt.Fprintf(w, "  # bash splits --flag=VALUE at the \"=\"\n")
	fmt.Fprintf(w, "  if [[ $cur == = ]]; then eq=1 cur=; elif [[ $prev == = ]]; then eq=1 prev=${COMP_WORDS[COMP_CWORD-2]}; fi\n")
	fmt.Fprintf(w, "  if [[ -z $cmd ]]; then\n    COMPREPLY=($(compgen -W '%s' -- \"$cur\"))\n    return\n  fi\n",
		strings.Join(append(commandNames(specs), flagWords(globalSpec(app).flags)...), " "))
	fmt.Fprintf(w, "  case $cmd in\n")
	for _, s := range specs {
		writeBashCommand(w, s)
	}
	fmt.Fprintf(w, "  esac\n}\ncomplete -o filenames -o bashdefault -F _gitedit gitedit\n")
}

// writeBashCommand writes the case branch of one command.
func writeBashCommand(w io.Writer, s cmdSpec) {
	fmt.Fprintf(w, "    %s)\n      case $prev in\n", s.name)
	for _, f := range s.flags {
		if f.placeholder == "" {
			continue
		}
		values := bashValues(f.kind, f.values)
		if f.inline {
			values = "if [[ $eq ]]; then " + values + "; return; fi"
		} else {
			values += "; return"
		}
		fmt.Fprintf(w, "        %s) %s ;;\n", strings.Join(flagWords([]flagSpec{f}), "|"), values)
	}
	fmt.Fprintf(w, "      esac\n")
	fmt.Fprintf(w, "      if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W '%s' -- \"$cur\")); return; fi\n", strings.Join(flagWords(s.flags), " "))
	if s.args != valueText {
		fmt.Fprintf(w, "      %s\n", bashValues(s.args, s.argValues))
	}
	fmt.Fprintf(w, "      ;;\n")
}

// bashValues is the bash statement that completes a value of kind.
func bashValues(kind valueKind, values []string) string {
	switch kind {
	case valueFile:
		return `COMPREPLY=($(compgen -f -- "$cur"))`
	case valueDir:
		return `COMPREPLY=($(compgen -d -- "$cur"))`
	case valueEnum:
		return fmt.Sprintf(`COMPREPLY=($(compgen -W '%s' -- "$cur"))`, strings.Join(values, " "))
	}
	return "COMPREPLY=()"
}

// writeZsh writes the zsh completion function (#compdef gitedit).
func writeZsh(w io.Writer, app *cli.App) {
	specs := commandSpecs(app)
	fmt.Fprintf(w, "#compdef gitedit\n# zsh completion for gitedit (gitedit completion zsh)\n\n_gitedit() {\n")
	fmt.Fprintf(w, "  local -a commands\n  commands=(\n")
	for _, s := range specs {
		fmt.Fprintf(w, "    %s\n", zshQuote(s.name+":"+s.usage))
	}
	fmt.Fprintf(w, "  )\n  if (( CURRENT == 2 )); then\n    _describe -t commands 'gitedit command' commands\n")
	fmt.Fprintf(w, "    _arguments %s\n    return\n  fi\n", zshSpecs(globalSpec(app).flags))
	fmt.Fprintf(w, "  local cmd=$words[2]\n  shift words\n  (( CURRENT-- ))\n  case $cmd in\n")
	for _, s := range specs {
		fmt.Fprintf(w, "    %s)\n      _arguments -s %s", s.name, zshSpecs(s.flags))
		if s.args != valueText {
			fmt.Fprintf(w, " %s", zshQuote("*:"+strings.ToLower(s.argsUsage)+":"+zshAction(s.args, s.argValues)))
		}
		fmt.Fprintf(w, " ;;\n")
	}
	fmt.Fprintf(w, "  esac\n}\n\nif [[ $zsh_eval_context[-1] == loadautofunc ]]; then\n  _gitedit \"$@\"\nelse\n  compdef _gitedit gitedit\nfi\n")
}

// zshSpecs returns the _arguments specs of flags, quoted.
func zshSpecs(flags []flagSpec) string {
	var specs []string
	for _, f := range flags {
		desc := zshEscape(f.usage)
		for _, n := range f.names {
			spec := dashed(n) + "[" + desc + "]"
			if f.placeholder != "" {
				sep := "="
				switch {
				case f.inline && long(n):
					sep = "=-" // --color=WHEN
				case f.inline:
					sep = "-" // -SKEY
				case !long(n):
					sep = "+"
				}
				spec = dashed(n) + sep + "[" + desc + "]:" + zshEscape(strings.ToLower(f.placeholder)) + ":" + zshAction(f.kind, f.values)
			}
			specs = append(specs, zshQuote(spec))
		}
	}
	return strings.Join(specs, " ")
}

// zshAction is the _arguments action completing a value of kind.
func zshAction(kind valueKind, values []string) string {
	switch kind {
	case valueFile:
		return "_files"
	case valueDir:
		return "_files -/"
	case valueEnum:
		return "(" + strings.Join(values, " ") + ")"
	}
	return " "
}

// zshEscape escapes what _arguments gives a meaning to in descriptions.
func zshEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "[", `\[`, "]", `\]`, ":", `\:`).Replace(s)
}

// zshQuote quotes s for zsh in single quotes.
func zshQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// writeFish writes the fish completions.
func writeFish(w io.Writer, app *cli.App) {
	specs := commandSpecs(app)
	fmt.Fprintf(w, "# fish completion for gitedit (gitedit completion fish)\ncomplete -c gitedit -f\n")
	for _, f := range globalSpec(app).flags {
		fmt.Fprintf(w, "complete -c gitedit -n __fish_use_subcommand%s\n", fishFlag(f))
	}
	for _, s := range specs {
		fmt.Fprintf(w, "complete -c gitedit -n __fish_use_subcommand -a %s -d %s\n", s.name, fishQuote(s.usage))
	}
	for _, s := range specs {
		cond := fishQuote("__fish_seen_subcommand_from " + s.name)
		for _, f := range s.flags {
			fmt.Fprintf(w, "complete -c gitedit -n %s%s\n", cond, fishFlag(f))
		}
		switch s.args {
		case valueFile: // files, but not for a word that starts a flag (--color=)
			fmt.Fprintf(w, "complete -c gitedit -n %s -F\n",
				fishQuote("__fish_seen_subcommand_from "+s.name+"; and not string match -q -- '-*' (commandline -ct)"))
		case valueEnum:
			fmt.Fprintf(w, "complete -c gitedit -n %s -a %s\n", cond, fishQuote(strings.Join(s.argValues, " ")))
		}
	}
}

// fishFlag returns the options of one `complete` line for flag f.
func fishFlag(f flagSpec) string {
	var b strings.Builder
	for _, n := range f.names {
		if long(n) {
			b.WriteString(" -l " + n)
		} else {
			b.WriteString(" -s " + n)
		}
	}
	switch {
	case f.placeholder == "":
	case f.inline:
		b.WriteString(" -f -a " + fishQuote(strings.Join(f.values, " ")))
	case f.kind == valueFile:
		b.WriteString(" -r -F")
	case f.kind == valueDir:
		b.WriteString(" -x -a '(__fish_complete_directories)'")
	case f.kind == valueEnum:
		b.WriteString(" -x -a " + fishQuote(strings.Join(f.values, " ")))
	default:
		b.WriteString(" -x")
	}
	return b.String() + " -d " + fishQuote(f.usage)
}

// fishQuote quotes s for fish in single quotes (where fish reads \\ and
// \' as escapes).
func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(s) + "'"
}
