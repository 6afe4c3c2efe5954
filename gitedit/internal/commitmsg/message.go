package commitmsg

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Meta describes a batch for its commit message (docs/reference.md#commit-messages-and-trailers).
type Meta struct {
	// Tool is the Edit-Tool value.
	Tool string
	// Subject is the -m text (its first line is the subject, the rest
	// starts the body) or a generated subject; empty generates one from
	// the files and counts.
	Subject string
	// Body holds one human-readable line per applied edit.
	Body []string
	// Count is the Edit-Count value: the number of edits applied.
	Count int
	// Counted, when set, says what was applied where "N hunks" would
	// mislead (a patch of a mode change or a pure rename: "1 rename"):
	// the generated subject of several files says it instead.
	Counted string
	// Match lists the match strategies used (duplicates are dropped).
	Match []string
	// Request is the canonical request JSON; Edit-Request is its SHA-256
	// (left out when nil).
	Request []byte
	// Extra trailers (Edit-Reverts, Edit-Recipe) go after Edit-Agent.
	Extra []Trailer
	// FileTrailerLimit, when > 0, caps the per-file trailers: a batch of
	// more files than this gets one Edit-Files trailer with their count
	// instead (the body still lists every file).
	FileTrailerLimit int
}

// Message returns the commit message of docs/reference.md#commit-messages-and-trailers: the subject, a blank
// line, the body (the rest of -m, then m.Body, then a line for each file
// no body line names) and a blank line when there is a body, and the
// trailers. No line of it can
// end the message for git am or git interpret-trailers (see safeLine).
func (m *Meta) Message(files []File, session, agent string) string {
	subject, rest := SplitSubject(m.Subject)
	if subject == "" {
		subject = m.generatedSubject(files)
	}
	var b strings.Builder
	b.WriteString(SafeLine(subject) + "\n\n")
	if body := m.bodyLines(rest, files); len(body) > 0 {
		for _, entry := range body {
			for _, line := range strings.Split(entry, "\n") {
				b.WriteString(SafeLine(line) + "\n")
			}
		}
		b.WriteString("\n")
	}
	for _, t := range m.Trailers(files, session, agent) {
		b.WriteString(t.Key + ": " + OneLine(t.Value) + "\n")
	}
	return b.String()
}

// bodyLines is the body: the rest of -m (then a blank line), the edit
// lines, and a line for each file none of the edit lines names.
func (m *Meta) bodyLines(rest []string, files []File) []string {
	lines := append([]string(nil), rest...)
	if len(lines) > 0 && (len(m.Body) > 0 || len(files) > 0) {
		lines = append(lines, "")
	}
	lines = append(lines, m.Body...)
	named := namedPaths(m.Body)
	for _, f := range files {
		if !named[f.Path] && !named[Path(f.Path)] {
			lines = append(lines, fileLine(f))
		}
	}
	return lines
}

// namedPaths returns every prefix of the lines that ends before a colon:
// the paths a line "<path>: …" names (the path as is or quoted).
func namedPaths(lines []string) map[string]bool {
	named := map[string]bool{}
	for _, l := range lines {
		for i := strings.IndexByte(l, ':'); i >= 0; {
			named[l[:i]] = true
			j := strings.IndexByte(l[i+1:], ':')
			if j < 0 {
				break
			}
			i += j + 1
		}
	}
	return named
}

// fileLine describes what happened to one file.
func fileLine(f File) string {
	p := Path(f.Path)
	switch {
	case f.Created:
		return p + ": created"
	case f.Deleted:
		return p + ": deleted"
	case f.RenamedFrom != "":
		return p + ": renamed from " + Path(f.RenamedFrom)
	case f.Replacements > 0:
		return p + ": " + Plural(f.Replacements, "replacement")
	}
	return p + ": modified"
}

// generatedSubject is the subject when -m gave none: "edit src/a.go:
// replace 2 occurrences", "multiedit src/a.go: apply 3 edits", "patch
// src/a.go", "batch: 4 edits on 3 files", "patch: 3 hunks on 3 files".
// Odd paths are quoted.
func (m *Meta) generatedSubject(files []File) string {
	if len(files) != 1 {
		counted := m.Counted
		if counted == "" {
			counted = Plural(m.Count, CountUnit(m.Tool))
		}
		return fmt.Sprintf("%s: %s on %s", m.Tool, counted, Plural(len(files), "file"))
	}
	f, p := files[0], Path(files[0].Path)
	switch {
	case f.Created:
		return fmt.Sprintf("%s %s: create the file", m.Tool, p)
	case f.Deleted:
		return fmt.Sprintf("%s %s: delete the file", m.Tool, p)
	case m.Tool == "edit":
		return fmt.Sprintf("edit %s: replace %s", p, Plural(f.Replacements, "occurrence"))
	case m.Tool == "multiedit":
		return fmt.Sprintf("multiedit %s: apply %s", p, Plural(m.Count, "edit"))
	}
	return fmt.Sprintf("%s %s", m.Tool, p)
}

// CountUnit is what Edit-Count counts for tool: the hunks of a patch,
// the edits of anything else. The result's summary and the commit's
// subject say the same word.
func CountUnit(tool string) string {
	if tool == "patch" {
		return "hunk"
	}
	return "edit"
}

// Trailers lists the trailers in docs/reference.md#commit-messages-and-trailers order.
func (m *Meta) Trailers(files []File, session, agent string) []Trailer {
	ts := []Trailer{{Key: "Edit-Tool", Value: m.Tool}}
	if m.FileTrailerLimit > 0 && len(files) > m.FileTrailerLimit {
		ts = append(ts, Trailer{Key: "Edit-Files", Value: strconv.Itoa(len(files))})
		files = nil
	}
	for _, f := range files {
		p := Path(f.Path)
		ts = append(ts, Trailer{Key: "Edit-File", Value: p},
			Trailer{Key: "Edit-Blob-Before", Value: p + " " + blobOr(f.BlobBefore, f.Created)},
			Trailer{Key: "Edit-Blob-After", Value: p + " " + blobOr(f.BlobAfter, f.Deleted)})
	}
	ts = append(ts, Trailer{Key: "Edit-Count", Value: strconv.Itoa(m.Count)})
	if match := distinct(m.Match); match != "" {
		ts = append(ts, Trailer{Key: "Edit-Match", Value: match})
	}
	ts = appendSet(ts, "Edit-Session", session)
	ts = appendSet(ts, "Edit-Agent", agent)
	ts = append(ts, m.Extra...)
	if m.Request != nil {
		sum := sha256.Sum256(m.Request)
		ts = append(ts, Trailer{Key: "Edit-Request", Value: "sha256:" + hex.EncodeToString(sum[:])})
	}
	return ts
}

// appendSet appends the trailer when value is not empty.
func appendSet(ts []Trailer, key, value string) []Trailer {
	if strings.TrimSpace(value) == "" {
		return ts
	}
	return append(ts, Trailer{Key: key, Value: value})
}

// blobOr is blob, or the zero id for a side that does not exist.
func blobOr(blob string, missing bool) string {
	if missing || blob == "" {
		return ZeroBlob
	}
	return blob
}

// distinct joins the values without repeats, comma-separated.
func distinct(values []string) string {
	var out []string
	for _, v := range values {
		if v != "" {
			out = AppendNew(out, v)
		}
	}
	return strings.Join(out, ",")
}

// File is what happened to one file of a batch, as the message tells it.
type File struct {
	// Path is the repository-relative path (written with Path).
	Path string
	// Created, Deleted and RenamedFrom (the old path) say what happened;
	// Replacements counts the edits' replacements otherwise.
	Created, Deleted bool
	RenamedFrom      string
	Replacements     int
	// BlobBefore and BlobAfter are the blob ids ("" for a missing side).
	BlobBefore, BlobAfter string
}

// Plural is "1 noun" or "N nouns".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// AppendNew appends the values not yet in list.
func AppendNew(list []string, values ...string) []string {
	for _, v := range values {
		if !slices.Contains(list, v) {
			list = append(list, v)
		}
	}
	return list
}
