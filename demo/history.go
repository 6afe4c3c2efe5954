package demo

import (
	"fmt"
	"strings"

	"github.com/gitedit/gitedit/gitedit"
)

// undoStep reverts the newest gitedit commit (the multiedit) with a new
// commit, as `gitedit undo` does.
func (d *demo) undoStep() error {
	res, err := d.repo.Undo(d.ctx, gitedit.UndoRequest{}, d.opt)
	return d.show("4. Undo reverts the multiedit with a new commit", res, err, true)
}

// seriesStep exports the session's commits as a patch series and prints
// the first lines of each mail.
func (d *demo) seriesStep() error {
	s, err := d.repo.Series(d.ctx, gitedit.SeriesRequest{Session: d.opt.Session})
	if err != nil {
		return fmt.Errorf("series: %w", err)
	}
	fmt.Fprintf(d.w, "\n== 5. The session as a patch series (gitedit series --session %s), for git am\n", d.opt.Session)
	for _, p := range s.Patches {
		fmt.Fprintf(d.w, "%s: %s\n", p.Name, p.Subject)
	}
	if len(s.Patches) > 0 {
		head, _, _ := strings.Cut(s.Patches[0].Content, "\n---\n")
		fmt.Fprintf(d.w, "\n%s\n---\n…\n", head)
	}
	return nil
}
