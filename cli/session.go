package cli

import (
	"cmp"
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"

	"github.com/gitedit/gitedit/gitedit"
)

// sessionCommand is `gitedit session list | show S [--stat] [-p] | land
// S [-m MSG] [--each] | drop S`.
func sessionCommand(e *env) *cli.Command {
	return &cli.Command{
		Name:      "session",
		Usage:     "list, show, land or drop the sessions gitedit recorded (every batch run with a session id)",
		ArgsUsage: "list | show S | land S | drop S",
		Flags: append(append(repoFlags(), sessionWriteFlags()...),
			&cli.BoolFlag{Name: "stat", Usage: "show: the net diffstat"},
			&cli.BoolFlag{Name: "patch", Aliases: []string{"p"}, Usage: "show: the net diff"},
			&cli.BoolFlag{Name: "each", Usage: "land: one commit per batch, each with its batch's message"},
		),
		Action: e.session,
	}
}

// sessionVerbs are, for each of the common flags of the commands that
// write (commitFlags) that a session verb honours, the verbs that do:
// land's commit takes them all but --commit (it always commits),
// --no-stage (it always stages) and --session (S is its session), which
// no verb reads and the command does not take; drop waits for the
// ledger's lock.
var sessionVerbs = map[string]string{
	"message": "land", "agent": "land", "author": "land", "dry-run": "land", "dirty": "land",
	"lock-timeout": "land, drop", "gpg-sign": "land", "no-gpg-sign": "land", "no-verify": "land",
}

// sessionUsages replace the usages of the common flags that say more
// than, or other than, what a session verb does with them.
var sessionUsages = map[string]string{
	"dirty":        "`POLICY` for a session file changed since the session left it: refuse or include",
	"lock-timeout": "how long to wait for a lock (0: do not wait)",
}

// sessionWriteFlags are the flags of commitFlags that sessionVerbs
// names, each usage led by its verbs ("land: ..."), as --stat's by
// "show".
func sessionWriteFlags() []cli.Flag {
	var flags []cli.Flag
	for _, f := range commitFlags() {
		name := f.Names()[0]
		verbs := sessionVerbs[name]
		if verbs == "" {
			continue
		}
		switch f := f.(type) {
		case *cli.BoolFlag:
			f.Usage = verbs + ": " + f.Usage
		case *cli.StringFlag:
			f.Usage = verbs + ": " + cmp.Or(sessionUsages[name], f.Usage)
		case *cli.DurationFlag:
			f.Usage = verbs + ": " + cmp.Or(sessionUsages[name], f.Usage)
		}
		flags = append(flags, f)
	}
	return flags
}

// checkSessionFlags refuses a flag given with a verb that does not read
// it (a drop --dry-run would drop). --agent may come from GITEDIT_AGENT,
// an agent's whole environment: it is not refused.
func checkSessionFlags(c *cli.Context, verb string) error {
	if verb != "show" && (c.Bool("stat") || c.Bool("patch")) {
		return usagef("--stat and -p go with session show")
	}
	if verb != "land" && c.Bool("each") {
		return usagef("--each goes with session land")
	}
	for _, f := range c.Command.Flags {
		name := f.Names()[0]
		verbs, ok := sessionVerbs[name]
		if ok && name != "agent" && isSet(c, name) && !strings.Contains(verbs, verb) {
			return usagef("--%s goes with session %s", name, strings.ReplaceAll(verbs, ", ", " or "))
		}
	}
	return nil
}

// session runs one of the session subcommands.
func (e *env) session(c *cli.Context) error {
	a, err := args(c, 1, 2, "takes list, show S, land S or drop S")
	if err != nil {
		return err
	}
	want := map[string]int{"list": 1, "show": 2, "land": 2, "drop": 2}[a[0]]
	if want == 0 || len(a) != want {
		return usagef("session takes list, show S, land S or drop S")
	}
	if err := checkSessionFlags(c, a[0]); err != nil {
		return err
	}
	if a[0] == "land" {
		return e.land(c, a[1])
	}
	repo, err := e.openReader(c)
	if err != nil {
		return err
	}
	switch a[0] {
	case "list":
		list, err := repo.SessionList(c.Context)
		if err == nil {
			e.out.sessions(list)
		}
		return err
	case "show":
		show, err := repo.ShowSession(c.Context, gitedit.SessionRequest{Session: a[1]})
		if err == nil {
			e.out.session(show, c.Bool("stat"), c.Bool("patch"))
		}
		return err
	}
	opt := gitedit.Options{}
	if isSet(c, "lock-timeout") {
		opt.LockTimeout = c.Duration("lock-timeout")
	}
	dropped, err := repo.DropSession(c.Context, a[1], opt)
	if err == nil {
		e.out.dropped(dropped)
	}
	return err
}

// land is `gitedit session land S [--each]`: one commit of what S left,
// or one per batch.
func (e *env) land(c *cli.Context, id string) error {
	if err := checkWriteFlags(c); err != nil {
		return err
	}
	req := gitedit.LandRequest{Session: id, DryRun: c.Bool("dry-run"), Each: c.Bool("each")}
	return e.execute(c, nil, func(ctx context.Context, repo *gitedit.Repo, opt gitedit.Options) (*gitedit.Result, error) {
		return repo.LandSession(ctx, req, opt)
	})
}

// sessions prints `session list`: one line per session, and a note on
// stderr for each broken ledger (escaped); or {"ok": true, "sessions":
// [...], "notes": [...]}.
func (p *printer) sessions(list *gitedit.SessionList) {
	if p.json {
		p.emit(struct {
			OK bool `json:"ok"`
			*gitedit.SessionList
		}{true, list})
		return
	}
	p.notes(list.Notes)
	w := tabwriter.NewWriter(p.stdout, 0, 4, 2, ' ', 0)
	for _, s := range list.Sessions {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", s.Session, s.State, plural(s.Batches, "batch", "batches"), plural(s.Files, "file", "files"),
			s.Updated.Format("2006-01-02 15:04:05 -0700"), s.Agent)
	}
	_ = w.Flush()
}

// session prints `session show`: the batches, newest first, then the net
// change per file, its diffstat (stat) and diff (patch), and its notes
// on stderr; or the SessionShow as JSON.
func (p *printer) session(s *gitedit.SessionShow, stat, patch bool) {
	if p.json {
		p.emit(struct {
			OK bool `json:"ok"`
			*gitedit.SessionShow
		}{true, s})
		return
	}
	p.notes(s.Notes)
	fmt.Fprint(p.stdout, s.Text(stat, patch))
}

// dropped prints `session drop`.
func (p *printer) dropped(d *gitedit.SessionDropped) {
	if p.json {
		p.emit(struct {
			OK bool `json:"ok"`
			*gitedit.SessionDropped
		}{true, d})
		return
	}
	fmt.Fprintf(p.stdout, "Dropped session %s (its ledger was at %s)\n", d.Session, d.Tip)
}

// short abbreviates an object id for people, as git log --oneline does.
func short(id string) string {
	if len(id) > 7 {
		return id[:7]
	}
	return id
}

// plural is "1 batch" or "N batches".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
