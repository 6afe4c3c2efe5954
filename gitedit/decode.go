package gitedit

import (
	"io"
	"iter"

	"github.com/gitedit/gitedit/gitedit/internal/request"
)

// The request decoders (docs/reference.md#requests) live in
// gitedit/internal/request: one set of field rules for the CLI, the
// library and the MCP server. These are their public entry points.

// DecodeOperation decodes one request of any kind and shape (bare or in a
// tool-call envelope) from data, which must hold exactly one JSON value.
// Errors are *Error with code invalid_input naming the offending field.
func DecodeOperation(data []byte) (Operation, error) { return request.DecodeOperation(data) }

// DecodeEdit decodes a bare edit request (docs/reference.md#edit).
func DecodeEdit(data []byte) (*EditRequest, error) { return request.DecodeEdit(data) }

// DecodeMultiEdit decodes a bare multiedit request (docs/reference.md#multiedit).
func DecodeMultiEdit(data []byte) (*MultiEditRequest, error) { return request.DecodeMultiEdit(data) }

// DecodeBatch decodes a bare batch request (docs/reference.md#batch); its operations may
// take any shape DecodeOperation accepts, except a batch.
func DecodeBatch(data []byte) (*BatchRequest, error) { return request.DecodeBatch(data) }

// DecodePatch decodes a patch request (docs/reference.md#patch): {"patch": "..."},
// {"input": "..."} (apply_patch), or the patch text as a JSON string.
func DecodePatch(data []byte) (*PatchRequest, error) { return request.DecodePatch(data) }

// DecodeEditItems decodes multiedit items given on their own (the file of
// `gitedit multiedit --edits`): a JSON array of items, or an object whose
// only field is "edits". Items that repeat a file path must name filePath.
func DecodeEditItems(data []byte, filePath string) ([]EditItem, error) {
	return request.DecodeEditItems(data, filePath)
}

// DecodeRead decodes a read request ({"file_path", "offset", "limit"}),
// by the same field rules as the other requests.
func DecodeRead(data []byte) (*ReadRequest, error) { return request.DecodeRead(data) }

// DecodeLog decodes a log request ({"n", "session", "agent", "file"}), by
// the same field rules as the other requests.
func DecodeLog(data []byte) (*LogRequest, error) { return request.DecodeLog(data) }

// DecodeUndo decodes an undo request ({"commit", "dry_run"}), by the same
// field rules as the other requests.
func DecodeUndo(data []byte) (*UndoRequest, error) { return request.DecodeUndo(data) }

// DecodeToolUndo decodes the MCP undo tool's request ({"commit",
// "session", "all", "dry_run"}).
func DecodeToolUndo(data []byte) (*ToolUndoRequest, error) { return request.DecodeToolUndo(data) }

// DecodeChanges decodes the MCP changes tool's request ({}).
func DecodeChanges(data []byte) (*ChangesRequest, error) { return request.DecodeChanges(data) }

// DecodeCommit decodes the MCP commit tool's request ({"message"}).
func DecodeCommit(data []byte) (*CommitRequest, error) { return request.DecodeCommit(data) }

// CheckEdit applies the decoding rules to an edit request built in code
// (say, from command-line flags): a file path, a known match mode, and
// expected_replacements of at least 1.
func CheckEdit(req *EditRequest) error { return request.CheckEdit(req) }

// CheckText returns an invalid_input *Error naming the first string (or
// key) of the JSON value raw that is not Unicode text: invalid UTF-8, or
// an escaped lone surrogate. p prefixes the path in the message.
func CheckText(p string, raw []byte) error { return request.CheckText(p, raw) }

// RequestStream reads requests from a stream: one JSON value (pretty-printed
// or not), JSON Lines, or any sequence of JSON values separated by
// whitespace. A top-level JSON array stands for its elements (a list of
// tool calls, say), each its own request. Values are read as they arrive, so
// a pipe can feed requests one at a time.
type RequestStream = request.Stream

// NewRequestStream returns a stream reading requests from r.
func NewRequestStream(r io.Reader) *RequestStream { return request.NewStream(r) }

// DecodeOperations decodes every request of r (see RequestStream) as it
// is read, yielding each operation or the invalid_input error of a
// malformed one; a read failure is yielded last as an io_error.
func DecodeOperations(r io.Reader) iter.Seq2[Operation, error] { return request.DecodeOperations(r) }
