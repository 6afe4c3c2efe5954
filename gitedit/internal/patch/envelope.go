package patch

import (
	"fmt"
	"strings"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// The "*** Begin Patch" envelope of agent apply_patch tools (docs/reference.md#patch):
//
//	*** Begin Patch
//	*** Add File: path        lines follow, each starting with "+"
//	*** Delete File: path
//	*** Update File: path
//	*** Move to: new/path     optional, right after Update File
//	@@ anchor                 optional, several may stack
//	 context / -removed / +added lines
//	*** End of File           optional: the chunk ends at the end of the file
//	*** End Patch
//
// Where a file operation may start, markers are recognised with any
// surrounding whitespace, any run of spaces inside and any letter case;
// a marker without a path (Begin Patch, End Patch, End of File) may end
// in a run of "*" ("*** Begin Patch ***"). A path that ends in "***" is
// refused: decoration there would change which file is meant.
// Inside an update a line's kind is its first character: a line starting
// with a space is context whatever its text (a quoted "*** Delete File:"
// is content), and only lines starting with "*" or "@@" are markers. A
// heredoc wrapper (<<'EOF' … EOF) and a Markdown code fence (```, ```diff,
// ~~~ … the same fence) around the envelope are dropped.

// envKind is the kind of one envelope file operation.
type envKind int

// The envelope's file operations.
const (
	envAdd envKind = iota + 1
	envUpdate
	envDelete
)

// envOp is one file operation of an envelope.
type envOp struct {
	Kind   envKind
	Path   string
	MoveTo string
	// Add holds the lines of an added file (without their "+").
	Add []string
	// Chunks are the changes of an update, in file order.
	Chunks []envChunk
	// Line is the 1-based line of the operation's header in the patch.
	Line int
}

// envChunk is one change of an update: optional @@ anchors, then context,
// removed and added lines.
type envChunk struct {
	Anchors []string
	Lines   []engine.LineChange
	// EOF is set by "*** End of File": the chunk's old lines end the file.
	EOF bool
	// Line is the 1-based patch line where the chunk starts.
	Line int
}

// oldLines returns the lines the chunk expects in the file (context and
// removed lines).
func (c *envChunk) oldLines() []string {
	var out []string
	for _, l := range c.Lines {
		if l.Op != '+' {
			out = append(out, l.Text)
		}
	}
	return out
}

// isEnvelope reports whether text looks like a "*** Begin Patch" envelope
// (its first non-blank line, heredoc wrapper aside, is a Begin Patch
// marker, or it starts with "***").
func isEnvelope(text string) bool {
	lines := envSplit(text)
	return len(lines) > 0 && strings.HasPrefix(strings.TrimSpace(lines[0]), "***")
}

// envSplit splits the patch into lines without their endings, dropping
// blank lines around it, a Markdown fence and a heredoc wrapper. A patch
// whose every line ends in CRLF was written with CRLF: its CRs are
// dropped. Otherwise lines end at LF and a CR is content (a file's lone
// CR, say).
func envSplit(text string) []string {
	lines, _ := envLines(text)
	return lines
}

// envLines is envSplit, and the 1-based patch line of the first line kept.
func envLines(text string) ([]string, int) {
	if strings.Count(text, "\n") == strings.Count(text, "\r\n") {
		text = strings.ReplaceAll(text, "\r\n", "\n")
	}
	all := strings.Split(text, "\n")
	lines := dropFence(trimBlank(all))
	if len(lines) >= 2 && strings.HasPrefix(strings.TrimSpace(lines[0]), "<<") {
		last := strings.TrimSpace(lines[len(lines)-1])
		if strings.Trim(strings.TrimSpace(lines[0])[2:], `'"`) == last {
			lines = trimBlank(lines[1 : len(lines)-1])
		}
	}
	return lines, cap(all) - cap(lines) + 1 // lines is a slice of all
}

// trimBlank drops blank lines at both ends.
func trimBlank(lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[0]) == "" {
		lines = lines[1:]
	}
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// envMarker parses a marker line: "*** Update File: a.go" gives
// ("update file", "a.go", true). The key is lower-cased with whitespace
// runs collapsed; a marker without a ':' may end in "*" ("*** End Patch
// ***"); lines not starting with "***" are not markers.
func envMarker(line string) (key, arg string, ok bool) {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "***") {
		return "", "", false
	}
	t = strings.TrimSpace(strings.TrimLeft(t, "*"))
	if i := strings.IndexByte(t, ':'); i >= 0 {
		t, arg = t[:i], strings.TrimSpace(t[i+1:])
	} else {
		t = strings.TrimRight(t, "* \t")
	}
	return strings.ToLower(strings.Join(strings.Fields(t), " ")), arg, true
}

// The marker keys.
const (
	mkBegin  = "begin patch"
	mkEnd    = "end patch"
	mkAdd    = "add file"
	mkUpdate = "update file"
	mkDelete = "delete file"
	mkMove   = "move to"
	mkEOF    = "end of file"
)

// isFileMarker reports whether line starts a file operation or ends the
// patch, surrounding whitespace allowed (where a file operation may start).
func isFileMarker(line string) bool {
	key, _, ok := envMarker(line)
	return ok && (key == mkAdd || key == mkUpdate || key == mkDelete || key == mkEnd)
}

// chunkMarker is the marker key of a line inside an update. There a line's
// kind is its first character: only a line starting with "*" is a marker;
// one starting with a space is context whatever its text.
func chunkMarker(line string) string {
	if !strings.HasPrefix(line, "*") {
		return ""
	}
	key, _, _ := envMarker(line)
	return key
}

// endsUpdate reports whether line, inside an update, ends it: a file
// marker written from the line's first column.
func endsUpdate(line string) bool {
	switch chunkMarker(line) {
	case mkAdd, mkUpdate, mkDelete, mkEnd:
		return true
	}
	return false
}

// envParser walks the lines between the Begin and End markers.
type envParser struct {
	lines []string
	pos   int
	// base is the 1-based patch line of lines[0].
	base int
}

// parseEnvelope parses an envelope into its file operations. Errors are
// invalid_input and name the patch line.
func parseEnvelope(text string) ([]envOp, error) {
	lines, first := envLines(text)
	if len(lines) == 0 {
		return nil, spec.Errorf(spec.CodeInvalidInput, "the patch is empty")
	}
	if key, _, _ := envMarker(lines[0]); key != mkBegin {
		return nil, spec.Errorf(spec.CodeInvalidInput, "line %d: the first line of the patch must be '*** Begin Patch', got %q", first, lines[0])
	}
	if key, _, _ := envMarker(lines[len(lines)-1]); len(lines) < 2 || key != mkEnd {
		return nil, spec.Errorf(spec.CodeInvalidInput, "line %d: the last line of the patch must be '*** End Patch' (is the patch cut short?), got %q", first+len(lines)-1, lines[len(lines)-1])
	}
	p := &envParser{lines: lines[1 : len(lines)-1], base: first + 1}
	var ops []envOp
	for p.skipBlank(); p.pos < len(p.lines); p.skipBlank() {
		op, err := p.op()
		if err != nil {
			return nil, err
		}
		ops = append(ops, op)
	}
	if len(ops) == 0 {
		return nil, spec.Errorf(spec.CodeInvalidInput, "the patch holds no file operation (expected '*** Add File:', '*** Update File:' or '*** Delete File:')")
	}
	return ops, nil
}

// lineNo is the 1-based patch line of p.lines[i].
func (p *envParser) lineNo(i int) int { return p.base + i }

// skipBlank moves past blank lines.
func (p *envParser) skipBlank() {
	for p.pos < len(p.lines) && strings.TrimSpace(p.lines[p.pos]) == "" {
		p.pos++
	}
}

// op parses one file operation starting at the current line.
func (p *envParser) op() (envOp, error) {
	line := p.lines[p.pos]
	key, arg, _ := envMarker(line)
	op := envOp{Path: arg, Line: p.lineNo(p.pos)}
	if key == mkAdd || key == mkUpdate || key == mkDelete {
		if arg == "" {
			return op, spec.Errorf(spec.CodeInvalidInput, "line %d: %q names no path", op.Line, line)
		}
		if err := checkMarkerPath(op.Line, markerName[key], arg); err != nil {
			return op, err
		}
	}
	p.pos++
	switch key {
	case mkAdd:
		op.Kind = envAdd
		return op, p.addBody(&op)
	case mkDelete:
		op.Kind = envDelete
		return op, nil
	case mkUpdate:
		op.Kind = envUpdate
		return op, p.updateBody(&op)
	}
	return op, spec.Errorf(spec.CodeInvalidInput,
		"line %d: %q is not a valid hunk header; valid hunk headers are '*** Add File: {path}', '*** Update File: {path}' and '*** Delete File: {path}'",
		op.Line, line)
}

// addBody reads the "+" lines of an Add File operation.
func (p *envParser) addBody(op *envOp) error {
	for p.pos < len(p.lines) && !isFileMarker(p.lines[p.pos]) {
		line := p.lines[p.pos]
		if !strings.HasPrefix(line, "+") {
			return spec.Errorf(spec.CodeInvalidInput, "line %d: every line of '*** Add File: %s' must start with '+', got %q", p.lineNo(p.pos), op.Path, line)
		}
		op.Add = append(op.Add, line[1:])
		p.pos++
	}
	return nil
}

// updateBody reads the optional Move to and the chunks of an update.
// Blank lines before the first "@@" line are skipped.
func (p *envParser) updateBody(op *envOp) error {
	if p.pos < len(p.lines) && chunkMarker(p.lines[p.pos]) == mkMove {
		_, arg, _ := envMarker(p.lines[p.pos])
		if arg == "" {
			return spec.Errorf(spec.CodeInvalidInput, "line %d: '*** Move to:' names no path", p.lineNo(p.pos))
		}
		if err := checkMarkerPath(p.lineNo(p.pos), markerName[mkMove], arg); err != nil {
			return err
		}
		op.MoveTo = arg
		p.pos++
	}
	p.skipBlankBeforeAnchor()
	for p.pos < len(p.lines) && !endsUpdate(p.lines[p.pos]) {
		c, err := p.chunk(len(op.Chunks) == 0)
		if err != nil {
			return err
		}
		op.Chunks = append(op.Chunks, c)
	}
	if len(op.Chunks) == 0 && op.MoveTo == "" {
		return spec.Errorf(spec.CodeInvalidInput, "line %d: the update of %s is empty (it needs at least one chunk of changes, or a '*** Move to:')", op.Line, op.Path)
	}
	return nil
}

// skipBlankBeforeAnchor skips blank lines (empty or whitespace only) when
// the next other line is an "@@" line or ends the update: they separate the
// header from the first chunk. Otherwise they are the first chunk's
// context lines.
func (p *envParser) skipBlankBeforeAnchor() {
	i := p.pos
	for i < len(p.lines) && strings.TrimSpace(p.lines[i]) == "" {
		i++
	}
	if i == len(p.lines) || isAnchor(p.lines[i]) || endsUpdate(p.lines[i]) {
		p.pos = i
	}
}

// chunk reads one chunk: its @@ anchors, then its body lines up to the
// next @@ line, file marker or End of File. Only the first chunk of an
// update may start without an @@ line.
func (p *envParser) chunk(first bool) (envChunk, error) {
	c := envChunk{Line: p.lineNo(p.pos)}
	for p.pos < len(p.lines) && isAnchor(p.lines[p.pos]) {
		if a := strings.TrimSpace(strings.TrimPrefix(p.lines[p.pos], "@@")); a != "" {
			c.Anchors = append(c.Anchors, a)
		}
		p.pos++
	}
	if c.Line == p.lineNo(p.pos) && !first {
		return c, spec.Errorf(spec.CodeInvalidInput, "line %d: expected an '@@' line to start the next chunk, got %q", c.Line, p.lines[p.pos])
	}
	if err := p.chunkBody(&c); err != nil {
		return c, err
	}
	if len(c.Lines) == 0 {
		return c, spec.Errorf(spec.CodeInvalidInput, "line %d: the chunk has no lines (expected lines starting with ' ', '-' or '+')", c.Line)
	}
	return c, nil
}

// isAnchor reports whether line is an "@@" chunk header: it starts with
// "@@" (a line starting with a space is context, whatever follows).
func isAnchor(line string) bool {
	return strings.HasPrefix(line, "@@")
}

// chunkBody reads the context, removed and added lines of a chunk. An
// empty line counts as an empty context line.
func (p *envParser) chunkBody(c *envChunk) error {
	for p.pos < len(p.lines) {
		line := p.lines[p.pos]
		if chunkMarker(line) == mkEOF {
			c.EOF = true
			p.pos++
			return nil
		}
		if endsUpdate(line) || (isAnchor(line) && len(c.Lines) > 0) {
			return nil
		}
		if line == "" {
			line = " "
		}
		switch line[0] {
		case ' ', '-', '+':
			c.Lines = append(c.Lines, engine.LineChange{Op: line[0], Text: line[1:]})
		default:
			return spec.Errorf(spec.CodeInvalidInput,
				"line %d: unexpected line in an update chunk: %q; every line must start with ' ' (context), '-' (removed) or '+' (added)",
				p.lineNo(p.pos), line)
		}
		p.pos++
	}
	return nil
}

// addedContent is the content of an Add File operation: its lines, each
// ended by a newline.
func addedContent(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// applyChunks applies an update's chunks to content in order, each one
// searched after the previous one, on engine's line model: lines the
// chunks do not touch keep their bytes, endings included. It returns the
// new content and the distinct match strategies used. path names the file
// in errors.
func applyChunks(path, content string, chunks []envChunk) (string, []string, error) {
	f := engine.SplitLineFile(content)
	cursor := 0
	var modes []string
	for i := range chunks {
		next, mode, err := applyChunk(f, &chunks[i], cursor)
		if err != nil {
			return "", nil, chunkError(err, path, i, len(chunks))
		}
		cursor = next
		if mode != "" {
			modes = commitmsg.AppendNew(modes, mode)
		}
	}
	return f.String(), modes, nil
}

// chunkError names the file and the chunk in err.
func chunkError(err error, path string, i, n int) error {
	e := spec.AsError(err)
	e.FilePath = path
	if n > 1 {
		e.Message = fmt.Sprintf("chunk %d: %s", i+1, e.Message)
	}
	return e
}

// applyChunk locates chunk c at or after line cursor, replaces its old
// lines by its new ones, and returns the line after the replacement and
// the strategy that matched ("" for a pure insertion). A chunk that does
// not match is retried without its blank context lines at the end, then
// at the start, then both, as patch writers often add one there (fewer
// lines never make an ambiguous chunk unique).
func applyChunk(f *engine.LineFile, c *envChunk, cursor int) (int, string, error) {
	lines := f.Lines()
	pos, err := seekAnchors(lines, c.Anchors, cursor)
	if err != nil {
		return 0, "", err
	}
	if len(c.oldLines()) == 0 {
		at := len(lines)
		if len(c.Anchors) > 0 {
			at = pos
		}
		return f.Splice(at, c.Lines), "", nil
	}
	var first error
	for _, v := range blankTrimmed(c) {
		start, lvl, err := seekChunk(lines, &v, v.oldLines(), pos)
		if err == nil {
			return f.Splice(start, v.Lines), levelNames[lvl], nil
		}
		if first == nil {
			first = err
		}
	}
	return 0, "", first
}

// blankTrimmed returns c, then c without its blank context lines at the
// end, at the start, and at both ends: the versions that differ from c and
// still change something.
func blankTrimmed(c *envChunk) []envChunk {
	blank := func(l engine.LineChange) bool { return l.Op == ' ' && strings.TrimSpace(l.Text) == "" }
	lo, hi := 0, len(c.Lines)
	for hi > 0 && blank(c.Lines[hi-1]) {
		hi--
	}
	for lo < hi && blank(c.Lines[lo]) {
		lo++
	}
	out := []envChunk{*c}
	for _, r := range [][2]int{{0, hi}, {lo, len(c.Lines)}, {lo, hi}} {
		if (r[0] != 0 || r[1] != len(c.Lines)) && r[0] < r[1] && len(out) < 4 {
			v := *c
			v.Lines = c.Lines[r[0]:r[1]]
			if len(v.oldLines()) > 0 && !sameRange(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// sameRange reports whether v's lines are those of a chunk already in out.
func sameRange(out []envChunk, v envChunk) bool {
	for _, o := range out {
		if len(o.Lines) == len(v.Lines) && &o.Lines[0] == &v.Lines[0] {
			return true
		}
	}
	return false
}

// seekChunk finds the chunk's old lines: below @@ anchors, the first
// match; without anchors, the unique one.
func seekChunk(lines []string, c *envChunk, old []string, pos int) (int, int, error) {
	if len(c.Anchors) > 0 {
		return seekAfterAnchor(lines, old, pos, c.EOF)
	}
	return seekUnique(lines, old, pos, c.EOF)
}

// seekAnchors finds the @@ anchor lines one after the other from cursor
// and returns the line after the last one. The first anchor must be
// unique after cursor (else ambiguous); each stacked anchor narrows the
// search, so it is the first occurrence after the previous one.
func seekAnchors(lines, anchors []string, cursor int) (int, error) {
	for i, a := range anchors {
		at, _, err := seekAfterAnchor(lines, []string{a}, cursor, false)
		if i == 0 {
			at, _, err = seekUnique(lines, []string{a}, cursor, false)
		}
		if err != nil {
			return 0, anchorError(err, a)
		}
		cursor = at + 1
	}
	return cursor, nil
}

// anchorError says which @@ line failed.
func anchorError(err error, anchor string) error {
	e := spec.AsError(err)
	e.Message = fmt.Sprintf("@@ %s: %s", anchor, e.Message)
	return e
}

// levelNames are the line-comparison levels, strictest first, named by the
// match mode they amount to: exact, trailing whitespace ignored,
// surrounding whitespace ignored, typographic punctuation folded.
var levelNames = []string{"exact", "line_trimmed", "line_trimmed", "unicode_normalized"}

// lineEq compares a file line with a patch line at a level.
func lineEq(a, b string, lvl int) bool {
	switch lvl {
	case 0:
		return a == b
	case 1:
		return strings.TrimRight(a, " \t") == strings.TrimRight(b, " \t")
	case 2:
		return strings.TrimSpace(a) == strings.TrimSpace(b)
	}
	return engine.FoldTypography(strings.TrimSpace(a)) == engine.FoldTypography(strings.TrimSpace(b))
}

// matchAt reports whether pattern matches lines at start at level lvl.
func matchAt(lines, pattern []string, start, lvl int) bool {
	if start < 0 || start+len(pattern) > len(lines) {
		return false
	}
	for i, p := range pattern {
		if !lineEq(lines[start+i], p, lvl) {
			return false
		}
	}
	return true
}

// allMatches returns every start at or after from where pattern matches
// at level lvl; with eof only a match that ends the file counts.
func allMatches(lines, pattern []string, from, lvl int, eof bool) []int {
	if eof {
		if s := len(lines) - len(pattern); s >= from && matchAt(lines, pattern, s, lvl) {
			return []int{s}
		}
		return nil
	}
	var out []int
	for s := from; s+len(pattern) <= len(lines); s++ {
		if matchAt(lines, pattern, s, lvl) {
			out = append(out, s)
		}
	}
	return out
}

// seekAfterAnchor finds a chunk below its @@ lines: the first match after
// them at the strictest level that has one (the anchors made the place
// unique).
func seekAfterAnchor(lines, pattern []string, from int, eof bool) (int, int, error) {
	for lvl := range levelNames {
		if m := allMatches(lines, pattern, from, lvl, eof); len(m) > 0 {
			return m[0], lvl, nil
		}
	}
	return 0, 0, notFoundLines(lines, pattern, from, eof)
}

// seekUnique finds the one place at or after from where pattern matches,
// trying the levels strictest first. Several matches at the first level
// that has any is ambiguous (never the first one); none at any level is
// not_found, pointing at the closest region.
func seekUnique(lines, pattern []string, from int, eof bool) (int, int, error) {
	for lvl := range levelNames {
		switch m := allMatches(lines, pattern, from, lvl, eof); len(m) {
		case 0:
			continue
		case 1:
			return m[0], lvl, nil
		default:
			return 0, 0, ambiguousLines(m)
		}
	}
	return 0, 0, notFoundLines(lines, pattern, from, eof)
}

// ambiguousLines is the ambiguous error for matches at the given starts.
func ambiguousLines(starts []int) *spec.Error {
	lines := make([]int, len(starts))
	for i, s := range starts {
		lines[i] = s + 1
	}
	return &spec.Error{Code: spec.CodeAmbiguous, Lines: lines,
		Message: fmt.Sprintf("the chunk's context matches %d places (lines %s); add context lines or an @@ line to make it unique", len(starts), spec.JoinInts(lines))}
}

// notFoundLines is the not_found error for pattern: it names the closest
// region (the window sharing the most lines, compared trimmed) and shows
// it.
func notFoundLines(lines, pattern []string, from int, eof bool) *spec.Error {
	where := "in the file"
	if eof {
		where = "at the end of the file"
	} else if from > 0 {
		where = fmt.Sprintf("after line %d", from)
	}
	e := &spec.Error{Code: spec.CodeNotFound, Message: fmt.Sprintf("the chunk's context lines were not found %s", where)}
	first, last, ok := engine.ClosestLines(lines, pattern)
	if !ok {
		return e
	}
	e.Lines = []int{first, last}
	e.Message += fmt.Sprintf("; the closest region is lines %d-%d:\n%s", first, last, excerpt(lines, first-1, last))
	return e
}

// excerpt formats lines[start:end] numbered, at most 12 of them.
func excerpt(lines []string, start, end int) string {
	var b strings.Builder
	for i := start; i < end && i < start+12; i++ {
		fmt.Fprintf(&b, "%6d\t%s\n", i+1, lines[i])
	}
	return strings.TrimSuffix(b.String(), "\n")
}
