package request

import (
	"math"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// The read, log and undo requests (the MCP server's other tools) follow
// the same rules as the writing requests: snake_case names with the
// camelCase aliases of docs/reference.md#requests, unknown fields and
// duplicates refused, null the same as absent, every error invalid_input
// naming the field.

// The fields of the read, log and undo requests.
var (
	fOffset  = reqField{"offset", ""}
	fLimit   = reqField{"limit", ""}
	fN       = reqField{"n", ""}
	fSession = reqField{"session", ""}
	fAgent   = reqField{"agent", ""}
	fFile    = reqField{"file", ""}
	fCommit  = reqField{"commit", ""}
)

// The fields each of them accepts.
var (
	readFields = []reqField{fFilePath, fOffset, fLimit}
	logFields  = []reqField{fN, fSession, fAgent, fFile}
	undoFields = []reqField{fCommit, fDryRun}
)

// DecodeRead decodes a read request: file_path (required), offset and
// limit (whole numbers; their range is Repo.Read's to check).
func DecodeRead(data []byte) (*spec.ReadRequest, error) {
	o, err := parseRoot(data)
	if err != nil || o.allow(readFields) != nil {
		return nil, firstErr(err, o)
	}
	req := &spec.ReadRequest{
		FilePath: quote.UnquotePath(o.nonEmpty(fFilePath)),
		Offset:   o.whole(fOffset),
		Limit:    o.whole(fLimit),
	}
	return req, o.err
}

// DecodeLog decodes a log request: n (a whole number) and the session,
// agent and file filters, all optional.
func DecodeLog(data []byte) (*spec.LogRequest, error) {
	o, err := parseRoot(data)
	if err != nil || o.allow(logFields) != nil {
		return nil, firstErr(err, o)
	}
	req := &spec.LogRequest{
		N:       o.whole(fN),
		Session: o.str(fSession, false),
		Agent:   o.str(fAgent, false),
		File:    quote.UnquotePath(o.str(fFile, false)),
	}
	return req, o.err
}

// DecodeUndo decodes an undo request: the commit to revert and dry_run,
// both optional.
func DecodeUndo(data []byte) (*spec.UndoRequest, error) {
	o, err := parseRoot(data)
	if err != nil || o.allow(undoFields) != nil {
		return nil, firstErr(err, o)
	}
	req := &spec.UndoRequest{Commit: o.str(fCommit, false), DryRun: o.boolean(fDryRun)}
	return req, o.err
}

// firstErr returns err, or else the error o recorded.
func firstErr(err error, o *reqObject) error {
	if err != nil {
		return err
	}
	return o.err
}

// whole returns the optional whole-number field f (0 when absent; 2.0 is
// accepted as 2, as expected_replacements accepts it).
func (o *reqObject) whole(f reqField) int {
	n, _ := o.number(f, math.MinInt32, "a whole number")
	return n
}
