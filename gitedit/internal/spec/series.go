package spec

import "strings"

// SeriesRequest selects the commits `gitedit series` exports (docs/reference.md#commands).
type SeriesRequest struct {
	// Range selects the commits: A..B, A.. or A (meaning A..HEAD), following
	// first parents; "" takes the run of gitedit commits at the tip of the
	// branch.
	Range string `json:"range,omitempty" jsonschema:"commits to export: A..B, A.. or A (meaning A..HEAD), following first parents; default: the run of gitedit commits at the tip of the branch"`
	// Session, without Range, exports the gitedit commits of this Edit-Session
	// instead.
	Session string `json:"session,omitempty" jsonschema:"without range: export the gitedit commits of this Edit-Session instead"`
	// KeepUndone, with Session, keeps the batches that were undone and
	// their undos in the series (left out by default).
	KeepUndone bool `json:"keep_undone,omitempty" jsonschema:"with session: keep the batches that were undone, and their undos"`
	// OutputDir is the folder the patch files are written to (created as
	// needed); "" writes nothing.
	OutputDir string `json:"output_dir,omitempty" jsonschema:"write the patch files into this folder (created as needed); empty writes nothing"`
	// CoverLetter adds 0000-cover-letter.patch summarising the series.
	CoverLetter bool `json:"cover_letter,omitempty" jsonschema:"also produce 0000-cover-letter.patch summarising the series"`
	// Signature is the text of the signature line after "-- "; "" means
	// gitedit.
	Signature string `json:"signature,omitempty" jsonschema:"text of the signature line after '-- ' (default: gitedit)"`
}

// SeriesResult is the exported series, in order (cover letter first).
type SeriesResult struct {
	// Patches are the emails, cover letter first.
	Patches []SeriesPatch `json:"patches"`
	// Dir is the absolute folder the files were written to, if any.
	Dir string `json:"dir,omitempty"`
	// Notes are remarks on how the commits were found (for a session
	// without ledger, its commits on the branch).
	Notes []string `json:"notes,omitempty"`
}

// SeriesPatch is one format-patch email.
type SeriesPatch struct {
	// Name is the file name git format-patch would use.
	Name string `json:"name"`
	// Path is the written file, when the series was written.
	Path string `json:"path,omitempty"`
	// Commit is the exported commit ("" for the cover letter).
	Commit string `json:"commit,omitempty"`
	// Subject is the email's subject, "[PATCH n/m] ..." as git format-patch
	// writes it.
	Subject string `json:"subject"`
	// Content is the whole email, as git format-patch writes it.
	Content string `json:"content"`
}

// Text concatenates the emails as `git format-patch --stdout` prints them.
func (s *SeriesResult) Text() string {
	var b strings.Builder
	for _, p := range s.Patches {
		b.WriteString(p.Content)
	}
	return b.String()
}
