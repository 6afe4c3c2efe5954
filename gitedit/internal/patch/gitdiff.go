package patch

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/gitedit/gitedit/engine/diff"
	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/gitdiff"
	"github.com/gitedit/gitedit/gitedit/internal/gitpath"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// gitPatch is one patch of a git or unified diff input; an mbox of
// format-patch emails gives one per email.
type gitPatch struct {
	// Subject is the email's subject without its [PATCH] prefix, or "".
	Subject string
	Files   []*gitdiff.File
	// asGiven holds, per file, the name of a plain unified diff's change
	// of one file without -p1 applied, or "" (see applyGitFile).
	asGiven []string
}

// splitMbox cuts an mbox of format-patch emails into one text per email;
// any other input is returned whole.
func splitMbox(text string) []string {
	starts := mboxStarts(text)
	if len(starts) < 2 {
		return []string{text}
	}
	parts := make([]string, 0, len(starts))
	for i, s := range starts {
		end := len(text)
		if i+1 < len(starts) {
			end = starts[i+1]
		}
		parts = append(parts, text[s:end])
	}
	return parts
}

// mboxStarts returns where each email of an mbox starts: the lines
// "From <40 lower-case hex digits> " that git format-patch writes first.
func mboxStarts(text string) []int {
	var starts []int
	for i := 0; i < len(text); {
		if isMboxFrom(text[i:]) {
			starts = append(starts, i)
		}
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return starts
}

// isMboxFrom reports whether line (to the end of the text) starts with
// "From ", 40 lower-case hex digits and a space.
func isMboxFrom(line string) bool {
	const hexLen = 40
	if len(line) < len("From ")+hexLen+1 || !strings.HasPrefix(line, "From ") || line[len("From ")+hexLen] != ' ' {
		return false
	}
	for _, c := range []byte(line[len("From ") : len("From ")+hexLen]) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// parseGitPatches parses a git diff, a unified diff or an mbox of
// format-patch emails (split per email, since go-gitdiff would merge them).
// Each email is read as git apply reads it (scanPatch): a damaged patch
// is refused whole. Input without any file change is invalid_input.
func parseGitPatches(text string) ([]gitPatch, error) {
	var patches []gitPatch
	parts := splitMbox(text)
	line := 1
	for i, part := range parts {
		p, err := parseOnePatch(part, line)
		if err != nil {
			return nil, patchParseError(err, i, len(parts))
		}
		if len(p.Files) > 0 {
			patches = append(patches, p)
		}
		line += strings.Count(part, "\n")
	}
	if len(patches) == 0 {
		return nil, spec.Errorf(spec.CodeInvalidInput, "the patch holds no file change (expected a git diff, a unified diff or a '*** Begin Patch' envelope)")
	}
	return patches, nil
}

// patchParseError is the invalid_input error of a patch that does not
// parse; for an mbox it names the email.
func patchParseError(err error, i, n int) error {
	e := spec.AsError(err)
	if e.Code != spec.CodeInvalidInput {
		e = &spec.Error{Code: spec.CodeInvalidInput, Message: "the patch does not parse: " + err.Error(), Err: err}
	}
	if n > 1 {
		e.Message = fmt.Sprintf("email %d: %s", i+1, e.Message)
	}
	return e
}

// parseOnePatch parses one patch, whose first line is patch line first,
// and, for an email, its subject: scanPatch finds the files' sections as
// git apply does, and go-gitdiff reads each section's content.
func parseOnePatch(text string, first int) (gitPatch, error) {
	scanned, err := scanPatch(text, first)
	if err != nil || len(scanned) == 0 {
		return gitPatch{}, err
	}
	var p gitPatch
	if preamble := text[:scanned[0].start]; strings.HasPrefix(preamble, "From ") {
		if h, err := gitdiff.ParsePatchHeader(preamble); err == nil {
			p.Subject = h.Title
		}
	}
	for _, sf := range scanned {
		f, err := readSection(text[sf.start:sf.end], &sf)
		if err != nil {
			return gitPatch{}, err
		}
		p.Files = append(p.Files, f)
		p.asGiven = append(p.asGiven, sf.asGiven)
	}
	return p, nil
}

// readSection reads one file's section with go-gitdiff and gives it the
// names, kind and modes git apply reads in its header. Names that differ
// without a rename or copy line make a rename, as in git apply.
func readSection(text string, sf *scanFile) (*gitdiff.File, error) {
	files, _, err := gitdiff.Parse(strings.NewReader(stripHeaderCRs(text)))
	if err == nil && len(files) != 1 {
		err = fmt.Errorf("%d files in one file's section", len(files))
	}
	if err != nil {
		return nil, spec.Errorf(spec.CodeInvalidInput, "patch line %d: the file's section does not parse: %v", sf.line, err)
	}
	f := files[0]
	f.OldName, f.NewName = sf.oldName, sf.newName
	f.IsNew, f.IsDelete = sf.isNew > 0, sf.isDelete > 0
	f.IsRename, f.IsCopy = sf.isRename, sf.isCopy
	if f.IsNew {
		f.OldName = ""
	}
	if f.IsDelete {
		f.NewName = ""
	}
	if !f.IsNew && !f.IsDelete && !f.IsCopy && f.OldName != f.NewName {
		f.IsRename = true
	}
	f.OldMode, f.NewMode = os.FileMode(sf.oldMode), os.FileMode(sf.newMode)
	return f, nil
}

// hunkResult is what applying one file's hunks did.
type hunkResult struct {
	Content []byte
	// Notes tell about hunks applied away from their stated line.
	Notes []string
	Hunks int
	// places are where the text hunks applied.
	places []diff.Placement
}

// applyTextHunks applies a file's text hunks to content in order, as git
// apply does (diff.ApplyHunks): each hunk is searched from its line in
// the old file and the nearest exact match wins; a hunk at the start or
// end of the file must match there; a zero-context hunk applies at its
// line only. A hunk applied away from its line is noted. A hunk that does
// not apply is not_found, pointing at the closest region.
func applyTextHunks(path string, content []byte, frags []*gitdiff.TextFragment) (*hunkResult, error) {
	out, res, err := placeHunks(path, diff.SplitLines(string(content)), frags)
	if err != nil {
		return nil, err
	}
	res.Content = joinLines(out)
	return res, nil
}

// joinLines concatenates lines into new content: one copy, where
// []byte(strings.Join(lines, "")) makes two.
func joinLines(lines []string) []byte {
	n := 0
	for _, l := range lines {
		n += len(l)
	}
	b := make([]byte, 0, n)
	for _, l := range lines {
		b = append(b, l...)
	}
	return b
}

// placeHunks applies frags to the lines src and returns the new lines, the
// notes and the hunks' placements.
func placeHunks(path string, src []string, frags []*gitdiff.TextFragment) ([]string, *hunkResult, error) {
	hunks := make([]diff.Hunk, len(frags))
	for i, f := range frags {
		hunks[i] = engineHunk(f)
	}
	out, places, err := diff.ApplyHunks(src, hunks)
	if err != nil {
		var he *diff.HunkError
		if errors.As(err, &he) {
			return nil, nil, hunkError(hunkFailure(src, hunks[he.Hunk], he), path, he.Hunk)
		}
		return nil, nil, err
	}
	res := &hunkResult{Hunks: len(frags), places: places}
	for i, p := range places {
		if p.Offset != 0 {
			res.Notes = append(res.Notes, fmt.Sprintf("%s: hunk %d applied at line %d instead of line %d (offset %d, as git apply finds the nearest match)", quote.QuotePath(path), i+1, p.Want+p.Offset+1, p.Want+1, p.Offset))
		}
	}
	return out, res, nil
}

// hunkError names the file and hunk in err.
func hunkError(err error, path string, i int) error {
	e := spec.AsError(err)
	e.FilePath = path
	e.Message = fmt.Sprintf("hunk %d: %s", i+1, e.Message)
	return e
}

// engineHunk converts a parsed hunk: its old lines (context and removed)
// and new lines (context and added) keep their endings as in the patch.
func engineHunk(f *gitdiff.TextFragment) diff.Hunk {
	h := diff.Hunk{OldPos: int(f.OldPosition), OldLines: int(f.OldLines), NewLines: int(f.NewLines), NewPos: int(f.NewPosition),
		Leading: int(f.LeadingContext), Trailing: int(f.TrailingContext)}
	for _, l := range f.Lines {
		if l.Op == gitdiff.OpContext {
			h.Context++
		}
		if l.Old() {
			h.Old = append(h.Old, l.Line)
		}
		if l.New() {
			h.New = append(h.New, l.Line)
		}
	}
	return h
}

// anchorWhy explains, per anchor, why a hunk could only apply at one place.
var anchorWhy = map[diff.Anchor]string{
	diff.AnchorNone:  "its lines are found nowhere in the file",
	diff.AnchorStart: "it starts at the top of the file (line 1), so, as with git apply, it must match there, and it does not",
	diff.AnchorEnd:   "it has no context after its last change, so, as with git apply, it must match at the end of the file, and it does not",
	diff.AnchorBoth:  "it has no context before or after its changes and starts at line 1, so, as with git apply, it must match the whole file, and it does not",
	diff.AnchorLine:  "it has no context lines (a diff -U0 hunk), so it applies only at its stated line, where the file does not hold its old lines",
}

// hunkFailure is the not_found error of a hunk that does not apply: why,
// whether its result is already in the file, and the closest region.
func hunkFailure(src []string, h diff.Hunk, he *diff.HunkError) *spec.Error {
	e := notFoundLines(trimEnds(src), trimEnds(h.Old), 0, false)
	hint := strings.TrimPrefix(e.Message, "the chunk's context lines were not found in the file")
	e.Message = fmt.Sprintf("the hunk does not apply at line %d: %s", he.Want+1, anchorWhy[he.Anchor])
	if at := appliedAt(src, h); at >= 0 {
		e.Message += fmt.Sprintf("; its new lines are already there at line %d: is the patch already applied?", at+1)
	}
	e.Message += hint
	return e
}

// appliedAt returns where h's new side, when it differs from its old side
// and holds an added line, is found in src, or -1.
func appliedAt(src []string, h diff.Hunk) int {
	if len(h.New) == 0 || slices.Equal(h.Old, h.New) {
		return -1
	}
	for s := 0; s+len(h.New) <= len(src); s++ {
		if slices.Equal(src[s:s+len(h.New)], h.New) {
			return s
		}
	}
	return -1
}

// trimEnds drops the line endings of lines.
func trimEnds(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimSuffix(strings.TrimSuffix(l, "\n"), "\r")
	}
	return out
}

// applyBinary applies a binary patch (literal or delta, as git diff
// --binary writes it) to content.
func applyBinary(path string, content []byte, f *gitdiff.File) ([]byte, error) {
	if f.BinaryFragment == nil {
		return nil, &spec.Error{Code: spec.CodeUnsupported, FilePath: path, Message: "the patch says the binary file differs but carries no data (make it with git diff --binary)"}
	}
	var out bytes.Buffer
	if err := gitdiff.Apply(&out, bytes.NewReader(content), f); err != nil {
		return nil, &spec.Error{Code: spec.CodeNotFound, FilePath: path, Message: "the binary patch does not apply to the file's content: " + err.Error(), Err: err}
	}
	return out.Bytes(), nil
}

// applyFileChange computes a file's new content from its old content.
func applyFileChange(path string, content []byte, f *gitdiff.File) (*hunkResult, error) {
	if f.IsBinary {
		b, err := applyBinary(path, content, f)
		if err != nil {
			return nil, err
		}
		if err := checkBinaryResult(path, b, f); err != nil {
			return nil, err
		}
		return &hunkResult{Content: b, Hunks: 1}, nil
	}
	return applyTextHunks(path, content, f.TextFragments)
}

// verifyPatchNames refuses, as git apply does ("invalid path"), a git or
// unified diff naming a path git's verify_path refuses: a ".", ".." or
// empty component (d/./x, d/../x, ./x), or .git in some spelling. The
// names are taken as written, before any cleaning, so d/../x never edits
// x where git refuses the patch.
func verifyPatchNames(f *gitdiff.File, oldName, newName string) error {
	if !f.IsNew {
		if err := repo.VerifyPath(oldName, gitpath.ModeRegular); err != nil {
			return err
		}
	}
	if !f.IsDelete {
		return repo.VerifyPath(newName, gitpath.ModeRegular)
	}
	return nil
}
