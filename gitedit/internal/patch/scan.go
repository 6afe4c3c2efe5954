package patch

import (
	"fmt"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// The structure of a git or unified diff, read as git apply reads it
// (apply.c: parse_chunk, find_header, parse_git_diff_header,
// parse_traditional_patch, parse_single_patch, parse_fragment,
// parse_binary): where each file's section starts and ends, the names
// and modes its header gives, and every way git finds the patch damaged
// ("corrupt patch at line N", "patch with only garbage at line N", ...),
// with git's line numbers. go-gitdiff then reads each section's content
// on its own, so that what is applied is what git would apply: lines git
// skips between sections are never part of a file, and a file that git
// would refuse refuses the whole patch.
//
// Beyond git, a patch whose end git skips as garbage though it starts a
// file (a "diff --git" line, or "---" and "+++" lines, cut short), and a
// git header cut by a stray line (a blank line pasted into it) followed
// by more header lines, are refused: git applies the files before them.

// scanFile is one file's section of a patch.
type scanFile struct {
	// start and end are the section's byte offsets in the patch text.
	start, end int
	// line is the 1-based patch line of the section's first line.
	line int
	git  bool
	// defName is the name a "diff --git" line gives on both sides.
	defName          string
	oldName, newName string
	// oldLine and newLine are the lines of a git header's "---" and "+++".
	oldLine, newLine int
	// asGiven is, for a plain diff's change of one file read with -p1,
	// its name with no folder dropped.
	asGiven string
	// isNew and isDelete are -1 when the header does not say.
	isNew, isDelete    int
	isRename, isCopy   bool
	oldMode, newMode   uint32
	extLine            int
	binary             bool
	oldLines, newLines int
	frags              int
	// strayLine is the line that ended a git header that is not a header
	// line, or 0.
	strayLine int
}

// gitScan walks a patch text as apply.c does.
type gitScan struct {
	text string
	pos  int
	// linenr is git's line counter: the 1-based line at pos.
	linenr int
	// first is the patch line of the text's first line.
	first  int
	pValue int
	pKnown bool
}

// damaged is the invalid_input error of a patch git would refuse, or
// that is cut short; line is the 1-based patch line.
func (s *gitScan) damaged(line int, format string, args ...any) error {
	where := fmt.Sprintf("line %d", line)
	if s.lineCount() < line {
		where += " (the end of the patch)"
	}
	return spec.Errorf(spec.CodeInvalidInput, "patch %s: %s", where, fmt.Sprintf(format, args...))
}

// lineCount is the patch line of the text's last line.
func (s *gitScan) lineCount() int {
	n := strings.Count(s.text, "\n")
	if !strings.HasSuffix(s.text, "\n") {
		n++
	}
	return n + s.first - 1
}

// lineAt returns the line starting at p, with its newline when it has one.
func (s *gitScan) lineAt(p int) string {
	if p >= len(s.text) {
		return ""
	}
	if i := strings.IndexByte(s.text[p:], '\n'); i >= 0 {
		return s.text[p : p+i+1]
	}
	return s.text[p:]
}

// scanPatch reads every file section of text, whose first line is patch
// line first.
func scanPatch(text string, first int) ([]scanFile, error) {
	s := &gitScan{text: text, linenr: first, first: first, pValue: 1}
	var files []scanFile
	for s.pos < len(s.text) {
		f, ok, err := s.chunk()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		files = append(files, f)
	}
	return files, nil
}

// chunk reads the next file section (git's parse_chunk); false when none
// is left.
func (s *gitScan) chunk() (scanFile, bool, error) {
	from, fromLine := s.pos, s.linenr
	f, hdr, ok, err := s.findHeader()
	if err != nil || !ok {
		if err == nil {
			err = s.checkTail(from, fromLine)
		}
		return f, false, err
	}
	if err := s.checkNames(&f); err != nil {
		return f, false, err
	}
	if f.isNew > 0 && f.oldName != "" {
		return f, false, s.damaged(f.line, "the header of the new file %s also names an old file %s, read from a 'diff --git' line before it that git skips as garbage (git stops on an assertion)", quoteName(f.newName), quoteName(f.oldName))
	}
	s.pos += hdr
	n, err := s.singlePatch(&f)
	if err != nil {
		return f, false, err
	}
	if n == 0 {
		if n, err = s.binaryOrGarbage(&f); err != nil {
			return f, false, err
		}
	}
	s.pos += n
	f.end = s.pos
	if f.git && f.strayLine > 0 && f.frags == 0 && !f.binary {
		if err := s.checkStray(&f); err != nil {
			return f, false, err
		}
	}
	return f, true, nil
}

// findHeader finds the next file header (git's find_header) and returns
// the file, the header's length in bytes and whether there was one. It
// leaves pos at the header's first line. As in git, what a "diff --git"
// line skipped as garbage read (its names) stays with the next header.
func (s *gitScan) findHeader() (scanFile, int, bool, error) {
	f := scanFile{isNew: -1, isDelete: -1}
	for s.pos < len(s.text) {
		f.start, f.line = s.pos, s.linenr
		line := s.lineAt(s.pos)
		size := len(s.text) - s.pos
		switch {
		case len(line) < 6:
		case strings.HasPrefix(line, "@@ -"):
			if _, _, _, _, ok := fragmentHeader(line); ok {
				return f, 0, false, s.damaged(s.linenr, "a hunk without a file header: %q (patch fragment without header)", strings.TrimSuffix(line, "\n"))
			}
		case size < len(line)+6:
		case strings.HasPrefix(line, "diff --git "):
			hdr, err := s.gitHeader(&f, line)
			if err != nil {
				return f, 0, false, err
			}
			if hdr > len(line) {
				return f, hdr, true, nil
			}
			s.pos += len(line)
			continue
		case strings.HasPrefix(line, "--- ") && strings.HasPrefix(s.text[s.pos+len(line):], "+++ "):
			next := s.lineAt(s.pos + len(line))
			if size < len(line)+len(next)+14 || !strings.HasPrefix(s.text[s.pos+len(line)+len(next):], "@@ -") {
				break
			}
			if err := s.traditional(&f, line, next); err != nil {
				return f, 0, false, err
			}
			s.linenr += 2
			return f, len(line) + len(next), true, nil
		}
		s.pos += len(line)
		s.linenr++
	}
	return scanFile{}, 0, false, nil
}

// checkTail refuses a patch whose end, which git skips as garbage once
// it finds no more file headers, starts a file: a "diff --git" line, or a
// "---" line followed by a "+++" line, cut short.
func (s *gitScan) checkTail(from, line int) error {
	for p := from; p < len(s.text); line++ {
		l := s.lineAt(p)
		p += len(l)
		next := s.lineAt(p)
		if strings.HasPrefix(l, "diff --git ") || (strings.HasPrefix(l, "--- ") && strings.HasPrefix(next, "+++ ")) {
			return s.damaged(line, "the patch ends inside the header of a file (cut short?): %q", strings.TrimSuffix(l, "\n"))
		}
	}
	return nil
}

// traditional reads the names of a "---"/"+++" header (git's
// parse_traditional_patch), guessing -p0 when neither name has a slash.
func (s *gitScan) traditional(f *scanFile, first, second string) error {
	first, second = first[4:], second[4:]
	if !s.pKnown {
		p, q := guessPValue(first), guessPValue(second)
		if p < 0 {
			p = q
		}
		if p >= 0 && p == q {
			s.pValue, s.pKnown = p, true
		}
	}
	var name string
	switch {
	case isDevNull(first):
		f.isNew, f.isDelete = 1, 0
		name = findNameTraditional(second, "", s.pValue)
		f.newName = name
	case isDevNull(second):
		f.isNew, f.isDelete = 0, 1
		name = findNameTraditional(first, "", s.pValue)
		f.oldName = name
	default:
		name = findNameTraditional(second, findNameTraditional(first, "", s.pValue), s.pValue)
		switch {
		case hasEpochTimestamp(first):
			f.isNew, f.isDelete, f.newName = 1, 0, name
		case hasEpochTimestamp(second):
			f.isNew, f.isDelete, f.oldName = 0, 1, name
		default:
			f.oldName, f.newName = name, name
			if s.pValue == 1 {
				f.asGiven = findNameTraditional(second, findNameTraditional(first, "", 0), 0)
			}
		}
	}
	if name == "" {
		return s.damaged(s.linenr, "no file name in the '---'/'+++' header (unable to find filename in patch)")
	}
	return nil
}

// singlePatch reads the hunks of a file (git's parse_single_patch) and
// returns their length in bytes.
func (s *gitScan) singlePatch(f *scanFile) (int, error) {
	n := 0
	for len(s.text)-s.pos-n > 4 && strings.HasPrefix(s.text[s.pos+n:], "@@ -") {
		k, err := s.fragment(f, s.pos+n)
		if err != nil {
			return 0, err
		}
		n += k
		f.frags++
	}
	if f.isNew < 0 && (f.oldLines > 0 || f.frags > 1) {
		f.isNew = 0
	}
	if f.isDelete < 0 && (f.newLines > 0 || f.frags > 1) {
		f.isDelete = 0
	}
	if f.isNew > 0 && f.oldLines > 0 {
		return 0, s.damaged(s.linenr, "the new file %s has hunks that remove or keep lines (new file depends on old contents)", quoteName(f.newName))
	}
	if f.isDelete > 0 && f.newLines > 0 {
		return 0, s.damaged(s.linenr, "the deleted file %s has hunks that add or keep lines (deleted file still has contents)", quoteName(f.oldName))
	}
	return n, nil
}

// fragment reads one hunk at p (git's parse_fragment): exactly the lines
// its header counts, each ending in a newline, and returns its length.
func (s *gitScan) fragment(f *scanFile, p int) (int, error) {
	head := s.lineAt(p)
	oldPos, oldLines, _, newLines, ok := fragmentHeader(head)
	if !ok {
		return 0, s.damaged(s.linenr, "the hunk header %q does not parse (corrupt patch)", strings.TrimSuffix(head, "\n"))
	}
	_ = oldPos
	f.oldLines += oldLines
	f.newLines += newLines
	n := len(head)
	s.linenr++
	changed := false
	for oldLines > 0 || newLines > 0 {
		line := s.lineAt(p + n)
		if line == "" || !strings.HasSuffix(line, "\n") {
			return 0, s.cutHunk(line)
		}
		switch line[0] {
		case '\n', ' ':
			oldLines--
			newLines--
		case '-':
			oldLines--
			changed = true
		case '+':
			newLines--
			changed = true
		default:
			return 0, s.damaged(s.linenr, "the hunk holds fewer lines than its header counts, or a line that does not start with ' ', '-' or '+': %q (corrupt patch)", strings.TrimSuffix(line, "\n"))
		}
		n += len(line)
		s.linenr++
		if next := s.lineAt(p + n); len(next) >= 12 && strings.HasPrefix(next, `\ `) {
			n += len(next)
			s.linenr++
		}
		if oldLines < 0 || newLines < 0 {
			return 0, s.damaged(s.linenr-1, "the hunk holds more lines of a kind than its header counts (corrupt patch)")
		}
	}
	if !changed {
		return 0, s.damaged(s.linenr, "a hunk that changes nothing (corrupt patch)")
	}
	return n, nil
}

// cutHunk is the error of a hunk that ends before its header's count.
func (s *gitScan) cutHunk(line string) error {
	if line == "" {
		return s.damaged(s.linenr, "the patch ends inside a hunk: it holds fewer lines than its header counts (corrupt patch, cut short?)")
	}
	return s.damaged(s.linenr, "the last line %q has no newline and no '\\ No newline at end of file' after it: the patch is cut short inside a line (corrupt patch)", line)
}

// fragmentHeader parses "@@ -a,b +c,d @@" (git's parse_fragment_header).
func fragmentHeader(line string) (oldPos, oldLines, newPos, newLines int, ok bool) {
	if !strings.HasSuffix(line, "\n") {
		return 0, 0, 0, 0, false
	}
	rest, ok := parseRange(line[4:], " +", &oldPos, &oldLines)
	if !ok {
		return 0, 0, 0, 0, false
	}
	if _, ok = parseRange(rest, " @@", &newPos, &newLines); !ok {
		return 0, 0, 0, 0, false
	}
	return oldPos, oldLines, newPos, newLines, true
}

// parseRange reads "a,b" or "a" (b is then 1) followed by expect.
func parseRange(s, expect string, a, b *int) (string, bool) {
	var ok bool
	if *a, s, ok = parseNum(s); !ok {
		return "", false
	}
	*b = 1
	if strings.HasPrefix(s, ",") {
		if *b, s, ok = parseNum(s[1:]); !ok {
			return "", false
		}
	}
	rest, ok := strings.CutPrefix(s, expect)
	return rest, ok
}

// parseNum reads a decimal number.
func parseNum(s string) (int, string, bool) {
	i := 0
	for i < len(s) && isDigit(s[i]) && i < 9 {
		i++
	}
	if i == 0 || (i < len(s) && isDigit(s[i])) {
		return 0, s, false
	}
	return atoi(s[:i]), s[i:], true
}

// quoteName names a file in a message.
func quoteName(name string) string { return fmt.Sprintf("%q", name) }
