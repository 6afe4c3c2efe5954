package spec

import "strings"

// SeriesRequest selects the commits `gitedit series` exports (docs/reference.md#commands).
type SeriesRequest struct {
	Range       string `json:"range,omitempty" jsonschema:"commits to export: A..B, A.. or A (meaning A..HEAD), following first parents; default: the run of gitedit commits at the tip of the branch"`
	Session     string `json:"session,omitempty" jsonschema:"without range: export the gitedit commits of this Edit-Session instead"`
	OutputDir   string `json:"output_dir,omitempty" jsonschema:"write the patch files into this folder (created as needed); empty writes nothing"`
	CoverLetter bool   `json:"cover_letter,omitempty" jsonschema:"also produce 0000-cover-letter.patch summarising the series"`
	Signature   string `json:"signature,omitempty" jsonschema:"text of the signature line after '-- ' (default: gitedit)"`
}

// SeriesResult is the exported series, in order (cover letter first).
type SeriesResult struct {
	Patches []SeriesPatch `json:"patches"`
	// Dir is the absolute folder the files were written to, if any.
	Dir string `json:"dir,omitempty"`
}

// SeriesPatch is one format-patch email.
type SeriesPatch struct {
	// Name is the file name git format-patch would use.
	Name string `json:"name"`
	// Path is the written file, when the series was written.
	Path string `json:"path,omitempty"`
	// Commit is the exported commit ("" for the cover letter).
	Commit  string `json:"commit,omitempty"`
	Subject string `json:"subject"`
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
