package patch

import (
	"fmt"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// applied says what the patch applied, in the words of git apply --stat
// --summary: "3 hunks", or with what holds no hunk, "1 hunk, 1 mode
// change and 1 rename" ("1 hunk" for a mode change or a pure rename
// alone was wrong: the patch has none).
func (p *patchPlan) applied() string {
	var hunks, modes, renames, copies, created, deleted int
	for _, f := range p.files {
		hunks += f.text
		if f.modeChange != "" {
			modes++
		}
		switch {
		case f.renamed:
			renames++
		case f.copied:
			copies++
		case f.created && f.text == 0:
			created++
		case f.deleted && f.text == 0:
			deleted++
		}
	}
	var items []string
	if hunks > 0 {
		items = append(items, commitmsg.Plural(hunks, "hunk"))
	}
	items = appendCount(items, modes, "mode change", "mode changes")
	items = appendCount(items, renames, "rename", "renames")
	items = appendCount(items, copies, "copy", "copies")
	items = appendCount(items, created, "new empty file", "new empty files")
	items = appendCount(items, deleted, "empty file deletion", "empty file deletions")
	if len(items) == 0 {
		return commitmsg.Plural(0, "hunk")
	}
	if len(items) == 1 {
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// appendCount appends "N noun" when n > 0.
func appendCount(items []string, n int, one, many string) []string {
	switch {
	case n == 1:
		return append(items, "1 "+one)
	case n > 1:
		return append(items, fmt.Sprintf("%d %s", n, many))
	}
	return items
}

// plain reports whether the patch holds hunks only (no mode change,
// rename, copy or empty file created or deleted), which "N hunks" says.
func (p *patchPlan) plain() bool {
	for _, f := range p.files {
		if f.modeChange != "" || f.renamed || f.copied || f.text == 0 {
			return false
		}
	}
	return true
}

// summary is the one-line summary before decoration.
func (p *patchPlan) summary(res *spec.Result) string {
	if !res.Changed {
		return "Patch applied with no change"
	}
	return fmt.Sprintf("Applied %s to %s", p.applied(), commitmsg.Plural(len(res.Files), "file"))
}

// bodyLine describes the file for the commit body.
func (f *patchFile) bodyLine() string {
	p := commitmsg.Path(f.rel)
	var what string
	switch {
	case f.deleted && f.created: // a type change, as git diff writes it
		return p + ": deleted and created anew"
	case f.deleted:
		return p + ": deleted"
	case f.created && !f.renamed && !f.copied:
		return p + ": created"
	case f.renamed:
		what = "renamed from " + commitmsg.Path(f.from)
	case f.copied:
		what = "copied from " + commitmsg.Path(f.from)
	}
	var parts []string
	if f.text > 0 {
		parts = append(parts, commitmsg.Plural(f.text, "hunk"))
	}
	if f.modeChange != "" {
		parts = append(parts, "mode change "+f.modeChange)
	}
	switch {
	case what == "" && len(parts) == 0:
		return p + ": modified"
	case what == "":
		return p + ": " + strings.Join(parts, ", ") + " applied"
	case len(parts) > 0:
		return p + ": " + what + " (" + strings.Join(parts, ", ") + ")"
	}
	return p + ": " + what
}
