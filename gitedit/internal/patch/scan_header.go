package patch

import (
	"bytes"
	"compress/zlib"
	"io"
	"strings"
)

// gitHeaderOps are the lines of a git extended header, in git's order
// (parse_git_diff_header's optable); a line starting with none of them
// ends the header.
var gitHeaderOps = []string{
	"@@ -", "--- ", "+++ ", "old mode ", "new mode ", "deleted file mode ",
	"new file mode ", "copy from ", "copy to ", "rename old ", "rename new ",
	"rename from ", "rename to ", "similarity index ", "dissimilarity index ",
	"index ",
}

// gitHeader reads a "diff --git" header at pos (git's
// parse_git_diff_header) into f and returns its length in bytes: up to
// its first hunk, or to the first line that is not a header line.
func (s *gitScan) gitHeader(f *scanFile, first string) (int, error) {
	f.git, f.isNew, f.isDelete = true, 0, 0
	f.defName = gitHeaderName(s.pValue, first)
	n := len(first)
	s.linenr++
	for p := s.pos + n; p < len(s.text); {
		line := s.lineAt(p)
		if !strings.HasSuffix(line, "\n") {
			return 0, s.damaged(s.linenr, "the patch ends inside the header of a file: %q is cut short", line)
		}
		end, err := s.headerLine(f, line)
		if err != nil {
			return 0, err
		}
		if err := s.checkHeaderLine(f); err != nil {
			return 0, err
		}
		if end {
			break
		}
		n += len(line)
		p += len(line)
		s.linenr++
	}
	// With n == len(first), git skips the "diff --git" line as garbage,
	// keeping the names it read.
	return n, s.headerNames(f)
}

// headerLine reads one line of a git header; true when it ends the header.
func (s *gitScan) headerLine(f *scanFile, line string) (bool, error) {
	op := ""
	for _, o := range gitHeaderOps {
		if strings.HasPrefix(line, o) {
			op = o
			break
		}
	}
	rest := line[len(op):]
	var err error
	switch op {
	case "@@ -":
		return true, nil
	case "":
		f.strayLine = s.linenr
		return true, nil
	case "--- ":
		f.oldLine = s.linenr
		err = s.verifyName(rest, f.isNew == 1, &f.oldName, "old")
	case "+++ ":
		f.newLine = s.linenr
		err = s.verifyName(rest, f.isDelete == 1, &f.newName, "new")
	case "old mode ":
		f.oldMode, err = s.mode(rest)
	case "new mode ":
		f.newMode, err = s.mode(rest)
	case "deleted file mode ":
		f.isDelete, f.oldName = 1, f.defName
		f.oldMode, err = s.mode(rest)
	case "new file mode ":
		f.isNew, f.newName = 1, f.defName
		f.newMode, err = s.mode(rest)
	case "copy from ", "copy to ", "rename old ", "rename new ", "rename from ", "rename to ":
		s.renameLine(f, op, rest)
	case "index ":
		err = s.indexLine(f, rest)
	}
	return false, err
}

// renameLine reads a "rename from/to" or "copy from/to" line.
func (s *gitScan) renameLine(f *scanFile, op, rest string) {
	name := findName(rest, "", max(s.pValue-1, 0), 0)
	if strings.HasPrefix(op, "copy") {
		f.isCopy = true
	} else {
		f.isRename = true
	}
	if strings.HasSuffix(op, "from ") || strings.HasSuffix(op, "old ") {
		f.oldName = name
	} else {
		f.newName = name
	}
}

// indexLine reads the mode at the end of an index line ("index a..b
// 100644"), which is the old mode.
func (s *gitScan) indexLine(f *scanFile, rest string) error {
	const hexsz = 40
	dot := strings.IndexByte(rest, '.')
	if dot < 0 || dot+1 >= len(rest) || rest[dot+1] != '.' || dot > hexsz {
		return nil
	}
	rest = rest[dot+2:]
	end := strings.IndexAny(rest, " \n")
	if end < 0 {
		end = len(rest)
	}
	if end > hexsz || rest[end] != ' ' {
		return nil
	}
	m, err := s.mode(rest[end+1:])
	f.oldMode = m
	return err
}

// mode reads an octal mode and canonicalises it as git's canon_mode:
// a file is 100644 or 100755, anything that is not a file, a symbolic
// link or a folder is a submodule (160000).
func (s *gitScan) mode(text string) (uint32, error) {
	i := 0
	var m uint32
	for i < len(text) && isOctal(text[i]) && i < 11 {
		m = m<<3 | uint32(text[i]-'0')
		i++
	}
	if i == 0 || i >= len(text) || !isSpace(text[i]) {
		return 0, s.damaged(s.linenr, "invalid mode %q", strings.TrimSuffix(text, "\n"))
	}
	switch m & 0o170000 {
	case 0o100000:
		if m&0o100 != 0 {
			return 0o100755, nil
		}
		return 0o100644, nil
	case 0o120000, 0o040000:
		return m & 0o170000, nil
	}
	return 0o160000, nil
}

// verifyName reads the name of a "---" or "+++" line of a git header and
// checks it against what the header said before (git's
// gitdiff_verify_name).
func (s *gitScan) verifyName(rest string, isNull bool, name *string, side string) error {
	if *name == "" && !isNull {
		*name = findName(rest, "", s.pValue, termTab)
		return nil
	}
	if *name != "" {
		if isNull {
			return s.damaged(s.linenr, "expected /dev/null, got %s (bad git-diff)", quoteName(*name))
		}
		if another := findName(rest, "", s.pValue, termTab); another != *name {
			return s.damaged(s.linenr, "the %s file name %s disagrees with the header's %s (bad git-diff - inconsistent %s filename)", side, quoteName(another), quoteName(*name), side)
		}
		return nil
	}
	if !isDevNull(rest) {
		return s.damaged(s.linenr, "expected /dev/null (bad git-diff)")
	}
	return nil
}

// checkHeaderLine refuses a header that says two of new, deleted,
// renamed and copied (git's check_header_line).
func (s *gitScan) checkHeaderLine(f *scanFile) error {
	n := 0
	for _, b := range []bool{f.isDelete == 1, f.isNew == 1, f.isRename, f.isCopy} {
		if b {
			n++
		}
	}
	if n > 1 {
		return s.damaged(s.linenr, "the header says two of new, deleted, renamed and copied (inconsistent header lines %d and %d)", f.extLine, s.linenr)
	}
	if n > 0 && f.extLine == 0 {
		f.extLine = s.linenr
	}
	return nil
}

// headerNames completes the names of a git header as git does.
func (s *gitScan) headerNames(f *scanFile) error {
	if f.oldName == "" && f.newName == "" {
		if f.defName == "" {
			return s.damaged(s.linenr, "the git diff header names no file when its first %d leading path component is removed (git diff header lacks filename information)", s.pValue)
		}
		f.oldName, f.newName = f.defName, f.defName
	}
	if (f.newName == "" && f.isDelete != 1) || (f.oldName == "" && f.isNew != 1) {
		return s.damaged(s.linenr, "the git diff header lacks filename information")
	}
	return nil
}

// checkNames refuses a git header whose "---" or "+++" names another
// file than its "diff --git" line, without rename or copy lines: git
// would take it as a rename, though the patch says nothing of one.
func (s *gitScan) checkNames(f *scanFile) error {
	if !f.git || f.defName == "" || f.isRename || f.isCopy {
		return nil
	}
	if f.oldName != "" && f.oldName != f.defName {
		return s.damaged(f.oldLine, "the '---' line names %s, but the 'diff --git' line (line %d) names %s, and no 'rename from' line says it is a rename", quoteName(f.oldName), f.line, quoteName(f.defName))
	}
	if f.newName != "" && f.newName != f.defName {
		return s.damaged(f.newLine, "the '+++' line names %s, but the 'diff --git' line (line %d) names %s, and no 'rename to' line says it is a rename", quoteName(f.newName), f.line, quoteName(f.defName))
	}
	return nil
}

// binaryOrGarbage reads what follows a header without hunks (git's
// parse_chunk): a "GIT binary patch", a "Binary files … differ" line, or
// nothing, which only a change of name or mode, a new file or a deleted
// one may have: any other file section is garbage.
func (s *gitScan) binaryOrGarbage(f *scanFile) (int, error) {
	line := s.lineAt(s.pos)
	n := 0
	switch {
	case line == "GIT binary patch\n":
		s.linenr++
		k, err := s.binary(s.pos + len(line))
		if err != nil {
			return 0, err
		}
		f.binary, n = true, len(line)+k
	case strings.HasSuffix(line, " differ\n") && (strings.HasPrefix(line, "Binary files ") || strings.HasPrefix(line, "Files ")):
		s.linenr++
		f.binary, n = true, len(line)
	}
	if !f.binary && !metadataChanges(f) {
		return 0, s.damaged(s.linenr, "the header of %s is followed by no hunk and changes no name or mode: a garbage line inside it, or the patch cut short? (patch with only garbage)", quoteName(firstName(f)))
	}
	return n, nil
}

// metadataChanges is git's metadata_changes.
func metadataChanges(f *scanFile) bool {
	return f.isRename || f.isCopy || f.isNew > 0 || f.isDelete != 0 ||
		(f.oldMode != 0 && f.newMode != 0 && f.oldMode != f.newMode)
}

// firstName is the file's new name, else its old one.
func firstName(f *scanFile) string {
	if f.newName != "" {
		return f.newName
	}
	return f.oldName
}

// binary reads the forward and optional reverse hunks of a "GIT binary
// patch" at p (git's parse_binary) and returns their length.
func (s *gitScan) binary(p int) (int, error) {
	n, ok, err := s.binaryHunk(p)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, s.damaged(s.linenr, "a 'GIT binary patch' without a 'literal' or 'delta' line (unrecognized binary patch)")
	}
	k, _, err := s.binaryHunk(p + n)
	return n + k, err
}

// binaryHunk reads one "literal N" or "delta N" hunk: base-85 lines up to
// a blank line, which must inflate to exactly N bytes (git's
// parse_binary_hunk).
func (s *gitScan) binaryHunk(p int) (int, bool, error) {
	first := s.lineAt(p)
	size, ok := strings.CutPrefix(first, "delta ")
	if !ok {
		if size, ok = strings.CutPrefix(first, "literal "); !ok {
			return 0, false, nil
		}
	}
	s.linenr++
	n := len(first)
	var data []byte
	for {
		line := s.lineAt(p + n)
		n += len(line)
		s.linenr++
		if line == "\n" {
			break
		}
		if data, ok = base85Line(data, line); !ok {
			return 0, false, s.damaged(s.linenr-1, "corrupt binary patch: %q", strings.TrimSuffix(line, "\n"))
		}
	}
	if !inflatesTo(data, atoi(size)) {
		return 0, false, s.damaged(s.linenr-1, "corrupt binary patch: its data does not inflate to the %d bytes its %q line says", atoi(size), strings.TrimSuffix(first, "\n"))
	}
	return n, true, nil
}

// inflatesTo reports whether data is a zlib stream of exactly size bytes.
func inflatesTo(data []byte, size int) bool {
	zr, err := zlib.NewReader(bytes.NewReader(data))
	if err != nil {
		return false
	}
	out, err := io.ReadAll(io.LimitReader(zr, int64(size)+1))
	return err == nil && len(out) == size
}

// base85Chars is git's base-85 alphabet.
const base85Chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"

// base85Line appends the bytes of one line of base-85 data: a length byte
// ('A'-'Z' 1-26, 'a'-'z' 27-52), then groups of five characters that hold
// that many bytes.
func base85Line(dst []byte, line string) ([]byte, bool) {
	l := len(line)
	if l < 7 || (l-2)%5 != 0 || !strings.HasSuffix(line, "\n") {
		return dst, false
	}
	var k int
	switch c := line[0]; {
	case 'A' <= c && c <= 'Z':
		k = int(c-'A') + 1
	case 'a' <= c && c <= 'z':
		k = int(c-'a') + 27
	default:
		return dst, false
	}
	if most := (l - 2) / 5 * 4; k > most || k <= most-4 {
		return dst, false
	}
	for src := line[1 : l-1]; k > 0; src = src[5:] {
		var acc uint64
		for i := 0; i < 5; i++ {
			d := strings.IndexByte(base85Chars, src[i])
			if d < 0 {
				return dst, false
			}
			acc = acc*85 + uint64(d)
		}
		if acc > 0xffffffff {
			return dst, false
		}
		for j := 0; j < min(k, 4); j++ {
			dst = append(dst, byte(acc>>(24-8*j)))
		}
		k -= min(k, 4)
	}
	return dst, true
}

// checkStray refuses a git header cut by a line that is not a header
// line (a blank line pasted into it) when header lines follow before the
// next "diff --git": git ends the header there and reads what follows as
// another file, or skips it.
func (s *gitScan) checkStray(f *scanFile) error {
	line := s.linenr
	for p := s.pos; p < len(s.text); line++ {
		l := s.lineAt(p)
		p += len(l)
		if strings.HasPrefix(l, "diff --git ") {
			return nil
		}
		for _, o := range gitHeaderOps {
			if strings.HasPrefix(l, o) {
				return s.damaged(f.strayLine, "a line that is not a header line cuts the header of %s (a blank line pasted in?): header lines follow at line %d", quoteName(firstName(f)), line)
			}
		}
	}
	return nil
}
