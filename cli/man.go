package cli

import (
	"fmt"
	"io"
	"strings"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/internal/buildinfo"
)

// manCommand is `gitedit man`: the manual page, in roff, written from the
// same command definitions as the help and the completions.
func manCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:        "man",
		Usage:       "print the manual page (roff); view it with: gitedit man | man -l -",
		Description: "install:  gitedit man > ~/.local/share/man/man1/gitedit.1",
		Action:      e.man,
	}
}

// man prints the manual page.
func (e *env) man(c *cli.Context) error {
	if _, err := args(c, 0, 0, "takes no arguments"); err != nil {
		return err
	}
	writeMan(e.out.stdout, c.App)
	return nil
}

// manSections are the fixed sections after the commands: exit status,
// environment, files, see also.
const manSections = `.SH EXIT STATUS
.TP
.B 0
success, a request that changes nothing included
.TP
.B 1
a request refused (any error code but invalid_input); for run \-\-check: changes would be made
.TP
.B 2
invalid_input, or a usage error
.TP
.B 3
partially applied (multiedit \-\-partial with some edits failed)
.SH ENVIRONMENT
.TP
.B GITEDIT_SESSION, GITEDIT_AGENT
fill the Edit\-Session and Edit\-Agent trailers (as \-\-session and \-\-agent)
.TP
.B GITEDIT_TRACE_PERFORMANCE
when 1, print the wall time of each phase of a batch on standard error
.TP
.B NO_COLOR
when set and not empty, no colour unless \-\-color asks for it
.TP
.B TERM
with \-\-color=auto (the default), no colour when unset or "dumb"
.TP
.B GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE, GIT_AUTHOR_*, GIT_COMMITTER_*, GIT_CONFIG_*
as for git
.SH FILES
.TP
.B .gitedit.yaml
the recipes gitedit run applies when given none
.TP
.B .git/gitedit/
the scan cache of gitedit run and the journal of temporary files
.SH GIT CONFIGURATION
gitedit.commit, gitedit.agent, gitedit.matchMode, gitedit.dirty, gitedit.scanCache
set defaults; color.ui, color.diff, color.diff.<slot> and core.whitespace colour diffs as git does.
.SH SEE ALSO
.BR git (1),
.BR git\-apply (1),
.BR git\-am (1).
The reference manual is docs/reference.md in gitedit's source.
`

// writeMan writes the manual page of app in roff (man macros).
func writeMan(w io.Writer, app *cli.App) {
	fmt.Fprintf(w, ".TH GITEDIT 1 \"\" %s \"gitedit manual\"\n", roffQuote("gitedit "+buildinfo.Read().Version))
	fmt.Fprintf(w, ".SH NAME\ngitedit \\- %s\n", roff(app.Usage))
	fmt.Fprintf(w, ".SH SYNOPSIS\n.B gitedit\n.I COMMAND\n[\\fIARGS\\fR] [\\fIFLAGS\\fR]\n.br\n.B gitedit \\-\\-version\n")
	fmt.Fprintf(w, ".SH DESCRIPTION\n%s\n.PP\n%s\n", roff(manDescription), roff("Flags may follow the arguments; after -- everything is an argument."))
	fmt.Fprintf(w, ".SH COMMANDS\n")
	for _, s := range commandSpecs(app) {
		writeManCommand(w, s, findCommand(app, s.name).Description)
	}
	fmt.Fprint(w, manSections)
}

// manDescription opens the manual's DESCRIPTION.
const manDescription = "gitedit applies the edits of coding agents, reviewers and refactor scripts " +
	"(edit, multiedit, batches, patches, recipes) to a git repository and turns every applied batch " +
	"into git objects: the new blobs, the index entries and, with --commit, one commit per batch " +
	"whose trailers say what was done. expected_hash is a file's blob id (git hash-object), undo is " +
	"a revert, and the commits export as a patch series."

// writeManCommand writes one command's subsection: synopsis, usage,
// description and flags.
func writeManCommand(w io.Writer, s cmdSpec, description string) {
	fmt.Fprintf(w, ".SS %s\n", roffQuote(strings.TrimSpace("gitedit "+s.name+" "+oneLine(s.argsUsage))))
	fmt.Fprintf(w, "%s\n", roff(s.usage))
	for _, l := range strings.Split(description, "\n") {
		if l != "" {
			fmt.Fprintf(w, ".br\n%s\n", roff(l))
		}
	}
	for _, f := range s.flags {
		fmt.Fprintf(w, ".TP\n%s\n%s\n", manFlagHead(f), roff(manFlagUsage(f)))
	}
}

// oneLine joins the lines of s, folding each run of white space into one
// space: a heading holds the whole argument usage that --help spreads over
// several lines.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// manFlagHead is the bold flag names with their placeholder.
func manFlagHead(f flagSpec) string {
	var names []string
	for _, n := range f.names {
		names = append(names, `\fB`+roff(dashed(n))+`\fR`)
	}
	head := strings.Join(names, ", ")
	if f.placeholder != "" {
		head += ` \fI` + roff(f.placeholder) + `\fR`
	}
	return head
}

// manFlagUsage is a flag's usage with its default and its values.
func manFlagUsage(f flagSpec) string {
	u := f.usage
	if f.kind == valueEnum {
		u += " (one of: " + strings.Join(f.values, ", ") + ")"
	}
	if f.defaultText != "" && (f.placeholder != "" || f.defaultText != "false") {
		u += " (default: " + f.defaultText + ")"
	}
	return u
}

// roff escapes text for roff: backslashes, dashes, characters beyond
// ASCII (as \[uXXXX]), and a leading dot or quote that would start a
// request.
func roff(s string) string {
	s = strings.NewReplacer(`\`, `\e`, "-", `\-`).Replace(s)
	var b strings.Builder
	for _, r := range s {
		if r > 0x7e || (r < 0x20 && r != '\t' && r != '\n') {
			fmt.Fprintf(&b, `\[u%04X]`, r)
			continue
		}
		b.WriteRune(r)
	}
	s = b.String()
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}

// roffQuote escapes s and quotes it as one macro argument.
func roffQuote(s string) string {
	return `"` + strings.ReplaceAll(roff(s), `"`, `\(dq`) + `"`
}
