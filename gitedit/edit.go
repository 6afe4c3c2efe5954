package gitedit

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/gitedit/internal/batch"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// editStep applies a multiedit request (an edit is a multiedit of one item)
// inside t. defaultMode is used for items that name no match mode.
func (r *Repo) editStep(t *batch.Txn, tool Tool, req MultiEditRequest, defaultMode string) (*batch.Step, error) {
	if len(req.Edits) == 0 {
		return nil, spec.Errorf(CodeInvalidInput, "edits: at least one edit is required")
	}
	edits, err := engineEdits(req.Edits, defaultMode)
	if err != nil {
		return nil, err
	}
	st, err := t.Read(req.FilePath)
	if err != nil {
		return nil, spec.WithPath(err, req.FilePath)
	}
	if err := r.checkPrecondition(st, req); err != nil {
		return nil, err
	}
	out, err := engine.ApplyEdits(string(st.Content), edits, req.Partial)
	if err != nil {
		return nil, editError(err, st.Rel, tool)
	}
	s := newStep(tool, st, req, out)
	if s.Changed {
		t.Write(st.Rel, []byte(out.Content), 0)
	}
	return s, partialVerdict(s, req)
}

// engineEdits converts request items into engine edits, validating the
// match modes.
func engineEdits(items []EditItem, defaultMode string) ([]engine.Edit, error) {
	edits := make([]engine.Edit, len(items))
	for i, it := range items {
		mode, err := itemMode(i, it.MatchMode, defaultMode)
		if err != nil {
			return nil, err
		}
		if it.ExpectedReplacements != nil && *it.ExpectedReplacements < 1 {
			return nil, &Error{Code: CodeInvalidInput, Message: fmt.Sprintf("edits[%d].expected_replacements: must be at least 1", i), EditIndex: intPtr(i)}
		}
		edits[i] = engine.Edit{OldString: it.OldString, NewString: it.NewString, ReplaceAll: it.ReplaceAll,
			MatchMode: mode, ExpectedReplacements: it.ExpectedReplacements}
	}
	return edits, nil
}

// itemMode parses an item's match mode, or the default from git config
// (gitedit.matchMode) when the item names none; the error names the field
// or the config key that holds the bad name.
func itemMode(i int, name, defaultMode string) (engine.MatchMode, error) {
	where, index := fmt.Sprintf("edits[%d].match_mode", i), intPtr(i)
	if name == "" {
		name, where, index = defaultMode, "config gitedit.matchMode", nil
	}
	mode, err := engine.ParseMatchMode(name)
	if err != nil {
		msg := where + ": " + strings.TrimPrefix(err.Error(), "invalid_input: ")
		return "", &Error{Code: CodeInvalidInput, Message: msg, EditIndex: index}
	}
	return mode, nil
}

// checkPrecondition enforces expected_hash and the file-existence rules of
// docs/reference.md#edit: a missing file can only be created by a first edit with an
// empty old_string; an existing non-empty file is overwritten whole only
// when expected_hash matches.
func (r *Repo) checkPrecondition(st *repo.FileState, req MultiEditRequest) error {
	if req.ExpectedHash != "" {
		if err := r.checkHash(st, req.ExpectedHash); err != nil {
			return err
		}
	}
	whole := req.Edits[0].OldString == ""
	switch {
	case !st.Exists && !whole:
		return &Error{Code: CodeFileMissing, FilePath: st.Rel, Message: "the file does not exist; to create it, use an empty old_string"}
	case st.Exists && whole && len(st.Content) > 0 && req.ExpectedHash == "":
		return &Error{Code: CodeFileExists, FilePath: st.Rel, Message: "the file already exists; to overwrite it whole, pass its blob id as expected_hash (gitedit hash or read prints it), or edit a part of it with a non-empty old_string"}
	}
	return nil
}

// checkHash compares expected (a full or abbreviated blob id, or
// sha256:<hex> of the raw content) with the file's current content.
func (r *Repo) checkHash(st *repo.FileState, expected string) error {
	if isZeroID(expected) {
		if !st.Exists {
			return nil
		}
		blob, err := r.core.BlobOf(st)
		if err != nil {
			return err
		}
		return &Error{Code: CodeHashMismatch, FilePath: st.Rel, Message: fmt.Sprintf(
			"expected_hash is the zero id (the file must not exist), but the file exists: its blob id is %s; "+
				"read it and retry with that expected_hash", blob)}
	}
	if !st.Exists {
		return &Error{Code: CodeHashMismatch, FilePath: st.Rel, Message: "expected_hash was given but the file does not exist"}
	}
	blob, err := r.core.BlobOf(st)
	if err != nil {
		return err
	}
	ok, err := hashMatches(expected, blob, st.Content)
	if err != nil {
		return err
	}
	if !ok {
		return &Error{Code: CodeHashMismatch, FilePath: st.Rel, Message: fmt.Sprintf(
			"the file changed: its blob id is %s, not %s; read it again and retry with the new expected_hash", blob, expected)}
	}
	return nil
}

// isZeroID reports whether expected is the zero id (7 to 40 zeros), which
// stands for "no file", as in blob_before of a created file.
func isZeroID(expected string) bool {
	e := strings.TrimSpace(expected)
	return len(e) >= 7 && len(e) <= 40 && strings.Trim(e, "0") == ""
}

// hashMatches checks expected against the blob id or, for "sha256:",
// the SHA-256 of the raw content.
func hashMatches(expected, blob string, raw []byte) (bool, error) {
	e := strings.ToLower(strings.TrimSpace(expected))
	if hexPart, ok := strings.CutPrefix(e, "sha256:"); ok {
		if len(hexPart) != 64 || !isHex(hexPart) {
			return false, spec.Errorf(CodeInvalidInput, "expected_hash: sha256: needs 64 hex digits")
		}
		sum := sha256.Sum256(raw)
		return hex.EncodeToString(sum[:]) == hexPart, nil
	}
	if len(e) < 7 || len(e) > 40 || !isHex(e) {
		return false, spec.Errorf(CodeInvalidInput, "expected_hash: %q is not a blob id (7 to 40 hex digits) or sha256:<64 hex digits>", expected)
	}
	return strings.HasPrefix(blob, e), nil
}

// isHex reports whether s holds only lower-case hex digits.
func isHex(s string) bool {
	for _, c := range s {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// editError converts an engine failure into an *Error naming the file and,
// for a multiedit, the failing edit.
func editError(err error, rel string, tool Tool) error {
	var ee *engine.EditError
	idx := -1
	if errors.As(err, &ee) {
		idx, err = ee.Index, ee.Err
	}
	e := AsError(err)
	out := &Error{Code: e.Code, Message: e.Message, FilePath: rel, Lines: e.Lines, Err: err}
	if idx >= 0 && tool != ToolEdit {
		out.EditIndex = intPtr(idx)
	}
	return out
}

// newStep summarises an engine outcome.
func newStep(tool Tool, st *repo.FileState, req MultiEditRequest, out engine.Outcome) *batch.Step {
	s := &batch.Step{Tool: tool, Rel: st.Rel, Created: !st.Exists, Whole: req.Edits[0].OldString == ""}
	s.Changed = !st.Exists || out.Content != string(st.Content)
	seen := map[string]bool{}
	for _, a := range out.Applied {
		s.Replacements += a.Replacements
		mode := string(a.MatchMode)
		s.Edits = append(s.Edits, EditResult{Index: a.Index, FilePath: st.Rel, Replacements: a.Replacements, MatchMode: mode, Lines: a.Lines})
		if a.Changed && !seen[mode] {
			seen[mode] = true
			s.Modes = append(s.Modes, mode)
		}
		if a.MatchMode.Tolerant() {
			s.Notes = append(s.Notes, fmt.Sprintf("%s: edit %d matched with the tolerant strategy %s, not exactly", commitmsg.Path(st.Rel), a.Index+1, mode))
		}
	}
	for _, f := range out.Failed {
		s.Failed = append(s.Failed, EditFailure{Index: f.Index, Error: editError(f.Err, st.Rel, ToolMultiEdit).(*Error).JSON(), Edit: req.Edits[f.Index]})
	}
	return s
}

// partialVerdict refuses a partial multiedit in which no edit applied: the
// first failure is the error.
func partialVerdict(s *batch.Step, req MultiEditRequest) error {
	if len(s.Failed) == 0 || len(s.Edits) > 0 {
		return nil
	}
	f := s.Failed[0]
	return &Error{Code: f.Error.Code, FilePath: s.Rel, EditIndex: intPtr(f.Index), Lines: f.Error.Lines,
		Message: fmt.Sprintf("no edit applied (all %d failed); first: %s", len(req.Edits), f.Error.Message)}
}

// intPtr returns a pointer to i.
func intPtr(i int) *int { return &i }
