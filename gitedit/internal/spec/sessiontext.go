package spec

import (
	"fmt"
	"strings"

	"github.com/gitedit/gitedit/engine/quote"
)

// Text is the session as `gitedit session show` prints it: a header, the
// batches newest first (abbreviated ids, the branch commit, [undone]),
// then the net change per file (a status letter and the path as git
// quotes it), with the diffstat when stat and the diff when patch.
func (s *SessionShow) Text(stat, patch bool) string {
	var b strings.Builder
	base := "an unborn branch"
	if s.Base != nil {
		base = shortID(*s.Base)
	}
	fmt.Fprintf(&b, "session %s: %s, %s since %s\n", s.Session, s.State, countOf(len(s.Batches), "batch", "batches"), base)
	for _, e := range s.Batches {
		b.WriteString(shortID(e.Entry) + " " + e.Subject)
		if e.Commit != nil {
			b.WriteString(" (commit " + shortID(*e.Commit) + ")")
		}
		if e.Undone {
			b.WriteString(" [undone]")
		}
		b.WriteString("\n")
	}
	s.writeNet(&b, stat, patch)
	return b.String()
}

// writeNet writes the net change: a status letter and path per file, the
// diffstat, the diff.
func (s *SessionShow) writeNet(b *strings.Builder, stat, patch bool) {
	if len(s.Files) == 0 {
		b.WriteString("\nno net change\n")
		return
	}
	b.WriteString("\nnet change:\n")
	for _, f := range s.Files {
		status := "M"
		switch {
		case f.Created:
			status = "A"
		case f.Deleted:
			status = "D"
		}
		b.WriteString(status + "\t" + quote.QuotePath(f.FilePath))
		if f.OutsideChanges {
			b.WriteString("\t(also changed outside the session)")
		}
		b.WriteString("\n")
	}
	if stat {
		b.WriteString("\n" + strings.TrimSuffix(s.Stat, "\n") + "\n")
	}
	if patch {
		b.WriteString("\n" + s.Diff)
	}
}

// shortID abbreviates an object id as git log --oneline does.
func shortID(id string) string { return id[:min(len(id), 7)] }

// countOf is "1 batch", "2 batches".
func countOf(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
