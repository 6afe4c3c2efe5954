package gitedit

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/bluekeyes/go-gitdiff/gitdiff"

	"github.com/gitedit/gitedit/engine"
)

// gitPatch is one patch of a git or unified diff input; an mbox of
// format-patch emails gives one per email.
type gitPatch struct {
	// Subject is the email's subject without its [PATCH] prefix, or "".
	Subject string
	Files   []*gitdiff.File
	// Git is set when the files come with "diff --git" headers (names are
	// then already stripped of their a/ and b/ prefixes).
	Git bool
}

// mboxFrom matches the first line of each email git format-patch writes.
var mboxFrom = regexp.MustCompile(`(?m)^From [0-9a-f]{40} `)

// splitMbox cuts an mbox of format-patch emails into one text per email;
// any other input is returned whole.
func splitMbox(text string) []string {
	starts := mboxFrom.FindAllStringIndex(text, -1)
	if len(starts) < 2 {
		return []string{text}
	}
	parts := make([]string, 0, len(starts))
	for i, s := range starts {
		end := len(text)
		if i+1 < len(starts) {
			end = starts[i+1][0]
		}
		parts = append(parts, text[s[0]:end])
	}
	return parts
}

// parseGitPatches parses a git diff, a unified diff or an mbox of
// format-patch emails (split per email, since go-gitdiff would merge them).
// Input without any file change is invalid_input.
func parseGitPatches(text string) ([]gitPatch, error) {
	var patches []gitPatch
	for i, part := range splitMbox(text) {
		p, err := parseOnePatch(part)
		if err != nil {
			return nil, patchParseError(err, i, text)
		}
		if len(p.Files) > 0 {
			patches = append(patches, p)
		}
	}
	if len(patches) == 0 {
		return nil, errorf(CodeInvalidInput, "the patch holds no file change (expected a git diff, a unified diff or a '*** Begin Patch' envelope)")
	}
	return patches, nil
}

// patchParseError is the invalid_input error of a patch that does not
// parse; for an mbox it names the email.
func patchParseError(err error, i int, text string) error {
	msg := "the patch does not parse: " + err.Error()
	if len(splitMbox(text)) > 1 {
		msg = fmt.Sprintf("email %d: %s", i+1, msg)
	}
	return &Error{Code: CodeInvalidInput, Message: msg, Err: err}
}

// parseOnePatch parses one patch and, for an email, its subject.
func parseOnePatch(text string) (gitPatch, error) {
	files, preamble, err := gitdiff.Parse(strings.NewReader(text))
	if err != nil {
		return gitPatch{}, err
	}
	p := gitPatch{Files: files, Git: strings.Contains(text, "\ndiff --git ") || strings.HasPrefix(text, "diff --git ")}
	if strings.HasPrefix(preamble, "From ") {
		if h, err := gitdiff.ParsePatchHeader(preamble); err == nil {
			p.Subject = h.Title
		}
	}
	return p, nil
}

// hunkResult is what applying one file's hunks did.
type hunkResult struct {
	Content []byte
	// Notes tell about hunks applied away from their stated line.
	Notes []string
	Hunks int
}

// applyTextHunks applies a file's text hunks to content in order. Each
// hunk must match exactly at its stated line (shifted by the earlier
// hunks); failing that, a unique exact match of its old lines later in
// the file is used and noted. No match is not_found (with the closest
// region), several are ambiguous.
func applyTextHunks(path string, content []byte, frags []*gitdiff.TextFragment) (*hunkResult, error) {
	src := engine.SplitLines(string(content))
	res := &hunkResult{Hunks: len(frags)}
	var out strings.Builder
	cursor, delta := 0, 0
	for i, f := range frags {
		old, repl := fragmentSides(f)
		want := fragmentStart(f) + delta
		start, err := locateHunk(src, old, want, cursor)
		if err != nil {
			return nil, hunkError(err, path, i)
		}
		if start != want {
			res.Notes = append(res.Notes, fmt.Sprintf("%s: hunk %d applied at line %d instead of line %d (its context moved)", path, i+1, start+1, want+1))
		}
		out.WriteString(strings.Join(src[cursor:start], ""))
		out.WriteString(strings.Join(repl, ""))
		cursor = start + len(old)
		delta = start - fragmentStart(f) + len(repl) - len(old)
	}
	out.WriteString(strings.Join(src[cursor:], ""))
	res.Content = []byte(out.String())
	return res, nil
}

// hunkError names the file and hunk in err.
func hunkError(err error, path string, i int) error {
	e := AsError(err)
	e.FilePath = path
	e.Message = fmt.Sprintf("hunk %d: %s", i+1, e.Message)
	return e
}

// fragmentSides returns a hunk's old lines (context and removed) and new
// lines (context and added), each with its line ending as in the patch.
func fragmentSides(f *gitdiff.TextFragment) (old, repl []string) {
	for _, l := range f.Lines {
		if l.Old() {
			old = append(old, l.Line)
		}
		if l.New() {
			repl = append(repl, l.Line)
		}
	}
	return old, repl
}

// fragmentStart is the 0-based line where a hunk's old lines start: a
// hunk without old lines ("@@ -5,0 +6 @@") inserts after its line.
func fragmentStart(f *gitdiff.TextFragment) int {
	if f.OldLines == 0 {
		return int(f.OldPosition)
	}
	return max(int(f.OldPosition)-1, 0)
}

// locateHunk returns where old matches in src: at want when it does there,
// else at its unique exact match at or after cursor.
func locateHunk(src, old []string, want, cursor int) (int, error) {
	if want >= cursor && exactAt(src, old, want) {
		return want, nil
	}
	var found []int
	for s := cursor; s+len(old) <= len(src); s++ {
		if exactAt(src, old, s) {
			found = append(found, s)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return 0, hunkNotFound(src, old, want)
	}
	e := ambiguousLines(found)
	e.Message = fmt.Sprintf("the hunk does not apply at line %d and its lines match %d other places (lines %s)", want+1, len(found), joinInts(e.Lines))
	return 0, e
}

// exactAt reports whether old equals src's lines at start.
func exactAt(src, old []string, start int) bool {
	if start < 0 || start+len(old) > len(src) {
		return false
	}
	for i, l := range old {
		if src[start+i] != l {
			return false
		}
	}
	return true
}

// hunkNotFound is the not_found error of a hunk that matches nowhere,
// pointing at the closest region.
func hunkNotFound(src, old []string, want int) *Error {
	e := notFoundLines(trimEnds(src), trimEnds(old), 0, false)
	e.Message = fmt.Sprintf("the hunk does not apply at line %d and its lines are found nowhere else%s", want+1, strings.TrimPrefix(e.Message, "the chunk's context lines were not found in the file"))
	return e
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
		return nil, &Error{Code: CodeUnsupported, FilePath: path, Message: "the patch says the binary file differs but carries no data (make it with git diff --binary)"}
	}
	var out bytes.Buffer
	if err := gitdiff.Apply(&out, bytes.NewReader(content), f); err != nil {
		return nil, &Error{Code: CodeNotFound, FilePath: path, Message: "the binary patch does not apply to the file's content: " + err.Error(), Err: err}
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
		return &hunkResult{Content: b, Hunks: 1}, nil
	}
	return applyTextHunks(path, content, f.TextFragments)
}
