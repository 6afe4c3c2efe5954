package mcp

import (
	"context"
	"fmt"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/gitedit/gitedit/fixtures"
)

// BenchmarkEditCall measures one edit tool call end to end over an
// in-memory MCP connection: JSON-RPC, decoding, the edit, the staged
// index entry. go test ./mcp -run '^$' -bench EditCall
func BenchmarkEditCall(b *testing.B) {
	benchEdits(b, Config{})
}

// BenchmarkEditCallCommit is BenchmarkEditCall in commit mode (one commit
// per call).
func BenchmarkEditCallCommit(b *testing.B) {
	benchEdits(b, Config{Options: commitMode()})
}

// BenchmarkEditCall50 is BenchmarkEditCall on a 50-file repository,
// editing each file in turn as bench/sizes does: every file was written
// within the last second, so each call's index write checks them all
// (git's racily clean entries).
// go test ./mcp -run '^$' -bench EditCall50
func BenchmarkEditCall50(b *testing.B) {
	files := map[string]string{}
	for i := range 50 {
		files[fmt.Sprintf("d/f%02d.go", i)] = "const value = 0\n"
	}
	repo := fixtures.NewRepo(b, files)
	isolateGit(b, repo)
	cs := connect(b, Config{Dir: repo})
	ctx := context.Background()
	for i := 0; b.Loop(); i++ {
		v := i / 50
		args := map[string]any{"file_path": fmt.Sprintf("d/f%02d.go", i%50),
			"old_string": fmt.Sprintf("value = %d", v), "new_string": fmt.Sprintf("value = %d", v+1)}
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: ToolEdit, Arguments: args})
		if err != nil {
			b.Fatalf("edit %d: %v", i, err)
		}
		if res.IsError {
			b.Fatalf("edit %d: %s", i, text(res))
		}
	}
}

// benchEdits flips a file between two contents with one edit per
// iteration.
func benchEdits(b *testing.B, cfg Config) {
	repo := fixtures.NewRepo(b, map[string]string{"f.txt": "state A\n"})
	isolateGit(b, repo)
	cfg.Dir = repo
	cs := connect(b, cfg)
	args := []map[string]any{
		{"file_path": "f.txt", "old_string": "state A", "new_string": "state B"},
		{"file_path": "f.txt", "old_string": "state B", "new_string": "state A"},
	}
	ctx := context.Background()
	for i := 0; b.Loop(); i++ {
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: ToolEdit, Arguments: args[i%2]})
		if err != nil {
			b.Fatalf("edit %d: %v", i, err)
		}
		if res.IsError {
			b.Fatalf("edit %d: %s", i, text(res))
		}
	}
}
