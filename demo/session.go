package demo

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/gitedit/gitedit/gitedit"
)

// review is the session of the demo's second part: edits staged, not
// committed, as an agent's are by default.
const review = "demo-review"

// staged returns the options of the review session: staging mode.
func (d *demo) staged() gitedit.Options {
	opt := d.opt
	opt.Commit, opt.Session = false, review
	return opt
}

// sessionEdits stages two edits under the review session: one fixes the
// doc comment the rename left behind, one is a change the session later
// takes back. Neither makes a commit; each is on record in the ledger.
func (d *demo) sessionEdits() error {
	edits := []gitedit.EditRequest{
		{FilePath: "greet/greet.go", OldString: "// Hello returns", NewString: "// Greet returns"},
		{FilePath: "main.go", OldString: "fmt.Println(line)", NewString: `fmt.Println(">", line)`},
	}
	fmt.Fprintf(d.w, "\n== 6. A session without commits: two edits staged under --session %s\n", review)
	for _, req := range edits {
		res, err := d.repo.Edit(d.ctx, req, d.staged())
		if err != nil {
			return fmt.Errorf("session edit %s: %w", req.FilePath, err)
		}
		fmt.Fprintf(d.w, "$ gitedit edit %s --old '%s' --new '%s' --session %s\n%s\n", req.FilePath, req.OldString, req.NewString, review, res.Summary)
	}
	if err := d.shell("status", "--short"); err != nil {
		return err
	}
	fmt.Fprintf(d.w, "No commit was made; each edit is an entry of refs/gitedit/sessions/%s.\n", review)
	return nil
}

// sessionShow prints the session as `gitedit session show` does.
func (d *demo) sessionShow() error {
	s, err := d.repo.ShowSession(d.ctx, gitedit.SessionRequest{Session: review})
	if err != nil {
		return fmt.Errorf("session show: %w", err)
	}
	fmt.Fprintf(d.w, "\n== 7. What the session did: its batches, newest first, and its net change\n$ gitedit session show %s -p\n", review)
	d.printSession(s)
	fmt.Fprintf(d.w, "\n%s", s.Diff)
	return nil
}

// sessionUndo takes back the session's newest batch by a three-way merge
// and shows what is left staged.
func (d *demo) sessionUndo() error {
	res, err := d.repo.UndoSession(d.ctx, gitedit.SessionUndoRequest{Session: review, Last: 1}, d.staged())
	if err != nil {
		return fmt.Errorf("undo --session: %w", err)
	}
	fmt.Fprintf(d.w, "\n== 8. Undo by session: its newest batch taken back, nothing else\n$ gitedit undo --session %s --last 1\n%s\n\n%s", review, res.Summary, res.Diff)
	if err := d.shell("status", "--short"); err != nil {
		return err
	}
	s, err := d.repo.ShowSession(d.ctx, gitedit.SessionRequest{Session: review})
	if err != nil {
		return fmt.Errorf("session show: %w", err)
	}
	fmt.Fprintf(d.w, "\n$ gitedit session show %s\n", review)
	d.printSession(s)
	return nil
}

// landMessage is the message of the land commit.
const landMessage = "greet: name Greet in its doc comment"

// sessionLand lands what the session left as one commit and shows it,
// with its trailers, and the session's state.
func (d *demo) sessionLand() error {
	opt := d.staged()
	opt.Message = landMessage
	res, err := d.repo.LandSession(d.ctx, gitedit.LandRequest{Session: review}, opt)
	if err != nil {
		return fmt.Errorf("session land: %w", err)
	}
	fmt.Fprintf(d.w, "\n== 9. Land: what the session left, as one commit (the undone batch is not in it)\n$ gitedit session land %s -m '%s'\n%s\n", review, landMessage, res.Summary)
	if err := d.shell("log", "-1", "--stat", "--format=%h %s%n%(trailers:key=Edit-Tool,key=Edit-Session,key=Edit-Batches,separator=%x2C )"); err != nil {
		return err
	}
	if err := d.shell("status", "--short"); err != nil {
		return err
	}
	list, err := d.repo.Sessions(d.ctx)
	if err != nil {
		return fmt.Errorf("session list: %w", err)
	}
	fmt.Fprintln(d.w, "\n$ gitedit session list")
	tw := tabwriter.NewWriter(d.w, 0, 4, 2, ' ', 0)
	for _, s := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", s.Session, s.State, count(s.Batches, "batch", "batches"), count(s.Files, "file", "files"), s.Agent)
	}
	return tw.Flush()
}

// count is "1 batch" or "N batches".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// printSession prints a session as `gitedit session show` prints it
// (spec's SessionShow.Text): a header, the batches, the net change per
// file.
func (d *demo) printSession(s *gitedit.SessionShow) {
	fmt.Fprint(d.w, s.Text(false, false))
}

// shell prints a git command, as typed in a terminal, and its output
// (or a note that it printed nothing).
func (d *demo) shell(args ...string) error {
	out, err := d.git(args...)
	if err != nil {
		return err
	}
	words := make([]string, len(args))
	for i, a := range args {
		words[i] = a
		if strings.ContainsAny(a, " %()\"'<>") {
			words[i] = "'" + a + "'"
		}
	}
	if out == "" {
		out = "(no output)\n"
	}
	fmt.Fprintf(d.w, "\n$ git %s\n%s", strings.Join(words, " "), out)
	return nil
}
