package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/gitedit/gitedit/gitedit"
)

// The changes tool's limits, so that its result stays a message a client
// reads whole (the read tool shows at most 2000 lines the same way): the
// diff is cut at a line after changesDiffLimit bytes, and the files,
// stat lines and batches listed stop after changesListLimit each; a note
// then says what was left out and that gitedit session show S -p prints
// it all.
const (
	changesDiffLimit = 256 << 10
	changesListLimit = 1000
)

// okChanges is the structured content of changes: session show's JSON
// with the diff once (each file's own diff is left out: it is the
// file's part of diff), cut to the limits above.
type okChanges struct {
	OK bool `json:"ok"`
	*gitedit.SessionShow
	Files []changesFile `json:"files"`
	// FilesTotal and BatchesTotal count the files and batches whether
	// listed or not; DiffBytes is the whole diff's size.
	FilesTotal   int  `json:"files_total"`
	BatchesTotal int  `json:"batches_total"`
	DiffBytes    int  `json:"diff_bytes"`
	Truncated    bool `json:"truncated,omitempty"`
	// Note says what was left out and how to see it all.
	Note string `json:"note,omitempty"`
}

// changesFile is a file of changes without its diff.
type changesFile struct{ gitedit.SessionFile }

// MarshalJSON writes the file as session show does, without "diff"
// (its last field).
func (f changesFile) MarshalJSON() ([]byte, error) {
	c := f.SessionFile
	c.Diff = ""
	b, err := json.Marshal(c)
	if cut, ok := bytes.CutSuffix(b, []byte(`,"diff":""}`)); ok {
		b = append(cut, '}')
	}
	return b, err
}

// capChanges returns show's structured content, cut to the limits.
func capChanges(show *gitedit.SessionShow) *okChanges {
	s := *show
	out := &okChanges{OK: true, SessionShow: &s, FilesTotal: len(s.Files), BatchesTotal: len(s.Batches), DiffBytes: len(s.Diff)}
	var left []string
	if len(s.Diff) > changesDiffLimit {
		s.Diff = cutDiff(s.Diff, changesDiffLimit)
		left = append(left, fmt.Sprintf("the diff is cut after %d of its %d bytes", len(s.Diff), out.DiffBytes))
	}
	if len(s.Files) > changesListLimit {
		s.Files = s.Files[:changesListLimit]
		s.Stat = cutStat(s.Stat, changesListLimit, out.FilesTotal)
		left = append(left, fmt.Sprintf("%d of %d files are listed", changesListLimit, out.FilesTotal))
	}
	if len(s.Batches) > changesListLimit {
		s.Batches = s.Batches[:changesListLimit]
		left = append(left, fmt.Sprintf("the newest %d of %d batches are listed", changesListLimit, out.BatchesTotal))
	}
	s.Batches = capBatchFiles(s.Batches)
	out.Files = make([]changesFile, len(s.Files))
	for i, f := range s.Files {
		out.Files[i] = changesFile{f}
	}
	if len(left) > 0 {
		out.Truncated = true
		out.Note = fmt.Sprintf("the change is long: %s; gitedit session show %s -p prints it all (--json as JSON)", strings.Join(left, ", "), s.Session)
	}
	return out
}

// cutDiff returns the diff's first limit bytes, ending at a line end
// (inside the first line when it alone is longer, at a character
// boundary).
func cutDiff(d string, limit int) string {
	head := d[:limit]
	if i := strings.LastIndexByte(head, '\n'); i >= 0 {
		return head[:i+1]
	}
	for len(head) > 0 && !utf8.ValidString(head) {
		head = head[:len(head)-1]
	}
	return head + "\n"
}

// cutStat keeps the stat's first n file lines and its total line.
func cutStat(stat string, n, total int) string {
	lines := strings.SplitAfter(stat, "\n")
	if len(lines) <= total {
		return stat
	}
	return strings.Join(lines[:n], "") + fmt.Sprintf(" ... %d more files\n", total-n) + lines[total]
}

// capBatchFiles returns batches whose file lists stop after
// changesListLimit paths (a copy where one is cut).
func capBatchFiles(batches []gitedit.SessionBatch) []gitedit.SessionBatch {
	out := batches
	for i, b := range batches {
		if len(b.Files) <= changesListLimit {
			continue
		}
		if &out[0] == &batches[0] {
			out = append([]gitedit.SessionBatch(nil), batches...)
		}
		out[i].Files = b.Files[:changesListLimit]
	}
	return out
}
