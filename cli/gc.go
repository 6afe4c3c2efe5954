package cli

import (
	"os"
	"runtime/debug"
)

// oneShotGCPercent is the garbage collector's GOGC for a command that runs
// once and exits. Go's first collection comes when the heap reaches 4 MB
// (GOGC=100); an edit and commit in a 5,000-file repository allocates
// just past that, so it paid a whole collection (about 1 ms of processor
// time, measured) for memory the exit returns anyway. At 200 the heap may
// grow to three times the live data instead of twice, still bounded by
// it, and runs of that size collect nothing.
const oneShotGCPercent = 200

// tuneGC sets oneShotGCPercent for every command but the MCP server (a
// long-running process keeps Go's default), unless the user chose GOGC.
func tuneGC(command string) {
	if command == "mcp" {
		return
	}
	if os.Getenv("GOGC") != "" { // "" is Go's default too
		return
	}
	debug.SetGCPercent(oneShotGCPercent)
}
