package request

import "github.com/gitedit/gitedit/gitedit/internal/spec"

// The MCP server's session tools: undo (of the own session by default),
// changes and commit, by the rules of the other requests.
var (
	fAll           = reqField{"all", ""}
	toolUndoFields = []reqField{fCommit, fSession, fAll, fDryRun}
	fEach          = reqField{"each", ""}
	commitFields   = []reqField{fMessage, fEach}
)

// DecodeToolUndo decodes the MCP undo tool's request: commit, session,
// all and dry_run, all optional; commit excludes session and all.
func DecodeToolUndo(data []byte) (*spec.ToolUndoRequest, error) {
	o, err := parseRoot(data)
	if err != nil || o.allow(toolUndoFields) != nil {
		return nil, firstErr(err, o)
	}
	req := &spec.ToolUndoRequest{Commit: o.str(fCommit, false), Session: o.str(fSession, false), All: o.boolean(fAll), DryRun: o.boolean(fDryRun)}
	if o.err == nil && req.Commit != "" && (req.Session != "" || req.All) {
		return nil, spec.Errorf(spec.CodeInvalidInput, "commit reverts one commit; it goes without session and all")
	}
	return req, o.err
}

// DecodeChanges decodes the MCP changes tool's request: an empty object.
func DecodeChanges(data []byte) (*spec.ChangesRequest, error) {
	o, err := parseRoot(data)
	if err != nil || o.allow(nil) != nil {
		return nil, firstErr(err, o)
	}
	return &spec.ChangesRequest{}, nil
}

// DecodeCommit decodes the MCP commit tool's request: message and each,
// optional, not both.
func DecodeCommit(data []byte) (*spec.CommitRequest, error) {
	o, err := parseRoot(data)
	if err != nil || o.allow(commitFields) != nil {
		return nil, firstErr(err, o)
	}
	req := &spec.CommitRequest{Message: o.str(fMessage, false), Each: o.boolean(fEach)}
	if o.err == nil && req.Each && req.Message != "" {
		return nil, spec.Errorf(spec.CodeInvalidInput, "each makes one commit per batch, each with its batch's message: it goes without message")
	}
	return req, o.err
}
