package diff

import (
	"slices"
	"strconv"
)

// Hunk is one hunk of a unified diff, in the terms git apply uses.
type Hunk struct {
	// OldPos is the header's old start line (1-based; 0 for an empty old
	// range at the top of the file) and OldLines its old line count.
	OldPos, OldLines int
	// NewLines is the header's new line count, NewPos its new start
	// line: where git apply looks for the hunk in the file as the earlier
	// hunks left it. 0 when not given: the old start, moved by the
	// earlier hunks' counts, is taken instead (the same line, unless the
	// header's numbers disagree with each other).
	NewLines, NewPos int
	// Old is the hunk's old side (context and removed lines), New its new
	// side (context and added lines), each line with its own ending.
	Old, New []string
	// Leading and Trailing count the context lines before the first and
	// after the last added or removed line; Context counts all of them.
	Leading, Trailing, Context int
}

// ZeroContext reports whether the hunk has no context line at all (a
// `diff -U0` hunk): nothing but its line number says where it goes. A hunk
// with context lines only between its changes is not one: as in git
// apply, it must match at the start and the end of the file.
func (h Hunk) ZeroContext() bool { return h.Context == 0 }

// Anchor says why a hunk was not found.
type Anchor int

// The anchors of a hunk, as git apply's apply_one_fragment decides them.
const (
	// AnchorNone: the hunk may apply anywhere; the nearest match wins.
	AnchorNone Anchor = iota
	// AnchorStart: its old range starts at line 1 (or 0), so it must
	// match at the start of the file.
	AnchorStart
	// AnchorEnd: it has no trailing context, so it must match at the end.
	AnchorEnd
	// AnchorBoth: both of the above (the hunk is the whole file).
	AnchorBoth
	// AnchorLine: a zero-context hunk, applied only at its line number
	// (line 0, the top, for "@@ -0,0 +1,N @@").
	AnchorLine
)

// HunkError is a hunk that does not apply.
type HunkError struct {
	// Hunk is the 0-based index of the hunk.
	Hunk int
	// Want is the 0-based line (of the file as given) where the hunk's
	// header puts it.
	Want   int
	Anchor Anchor
}

// Error says which hunk does not apply where.
func (e *HunkError) Error() string {
	return "hunk " + strconv.Itoa(e.Hunk+1) + " does not apply at line " + strconv.Itoa(e.Want+1)
}

// Placement tells where a hunk applied: Want is the 0-based line of the
// file as given where its header puts it; Offset is how many lines below
// (negative: above) that place, with the earlier hunks applied, it
// matched, as git apply -v reports it.
type Placement struct{ Want, Offset int }

// hunkImage is a file being patched: its lines, and which of them an
// earlier hunk wrote (git's LINE_PATCHED: a later hunk never matches them).
type hunkImage struct {
	lines   []string
	patched []bool
}

// ApplyHunks applies a file's hunks in order to lines as git apply (with
// its default options) does, and returns the new lines and where each
// hunk applied, both in the file as given (the old file's lines).
//
// A hunk is searched from its header's new start (the line where git
// apply's apply_one_fragment starts, in the file as the earlier hunks left
// it), then alternately one line further down and one further up: the
// nearest exact match wins. A hunk whose old range
// starts at line 1 (or 0) must match at the start of the file, one
// without trailing context at its end. A zero-context hunk (diff -U0) is
// applied at its line number or not at all: it is never relocated by
// content. Lines an earlier hunk wrote are never matched again.
func ApplyHunks(lines []string, hunks []Hunk) ([]string, []Placement, error) {
	img := &hunkImage{lines: slices.Clone(lines), patched: make([]bool, len(lines))}
	places := make([]Placement, len(hunks))
	delta := 0
	for i, h := range hunks {
		pos := hunkPos(h, delta)
		at, ok := img.find(h, pos)
		if !ok {
			return nil, nil, &HunkError{Hunk: i, Want: hunkStart(h), Anchor: anchorOf(h)}
		}
		img.replace(at, h)
		places[i] = Placement{Want: hunkStart(h), Offset: at - pos}
		delta += h.NewLines - h.OldLines
	}
	return img.lines, places, nil
}

// hunkStart is the 0-based line where a hunk's old lines start: a hunk
// without old lines ("@@ -5,0 +6 @@") inserts after its line.
func hunkStart(h Hunk) int {
	if h.OldLines == 0 {
		return h.OldPos
	}
	return max(h.OldPos-1, 0)
}

// hunkPos is where h is looked for in the image the earlier hunks (which
// changed its length by delta) left: its new start, as git apply takes it
// (frag->newpos), the line after it for a hunk without new lines (git
// starts one line above and finds the old lines there, a line down); the
// old start moved by delta when the new start is not given. A hunk whose
// old start is 0 goes at the top, whatever its new start (git's
// match_beginning, -U0 or not).
func hunkPos(h Hunk, delta int) int {
	switch {
	case h.OldPos == 0:
		return 0
	case h.NewPos <= 0:
		return hunkStart(h) + delta
	case h.NewLines == 0:
		return h.NewPos
	}
	return h.NewPos - 1
}

// anchorOf returns where h must match.
func anchorOf(h Hunk) Anchor {
	if h.ZeroContext() {
		return AnchorLine
	}
	start := h.OldPos <= 1
	end := h.Trailing == 0 && !h.ZeroContext()
	switch {
	case start && end:
		return AnchorBoth
	case start:
		return AnchorStart
	case end:
		return AnchorEnd
	}
	return AnchorNone
}

// find returns where h applies, searching from pos as git's find_pos does.
func (img *hunkImage) find(h Hunk, pos int) (int, bool) {
	n := len(img.lines)
	switch anchorOf(h) {
	case AnchorLine:
		return pos, img.matchAt(h.Old, pos)
	case AnchorStart:
		return 0, img.matchAt(h.Old, 0)
	case AnchorEnd:
		return n - len(h.Old), img.matchAt(h.Old, n-len(h.Old))
	case AnchorBoth:
		return 0, len(h.Old) == n && img.matchAt(h.Old, 0)
	}
	if pos < 0 || pos > n {
		pos = n // git's unsigned clamp
	}
	for d := 0; pos+d <= n || pos-d >= 0; d++ {
		if img.matchAt(h.Old, pos+d) {
			return pos + d, true
		}
		if d > 0 && img.matchAt(h.Old, pos-d) {
			return pos - d, true
		}
	}
	return 0, false
}

// matchAt reports whether old equals the unpatched lines at start.
func (img *hunkImage) matchAt(old []string, start int) bool {
	if start < 0 || start+len(old) > len(img.lines) {
		return false
	}
	for i, l := range old {
		if img.patched[start+i] || img.lines[start+i] != l {
			return false
		}
	}
	return true
}

// replace puts h's new side in place of its old side at at, marking the
// new lines as patched.
func (img *hunkImage) replace(at int, h Hunk) {
	end := at + len(h.Old)
	img.lines = slices.Replace(img.lines, at, end, h.New...)
	img.patched = slices.Replace(img.patched, at, end, make([]bool, len(h.New))...)
	for i := range h.New {
		img.patched[at+i] = true
	}
}
