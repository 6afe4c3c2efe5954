package main

import (
	"fmt"
	"time"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
)

// mcpBaseRows compare the MCP edit call of this build (the gitedit
// column) with the same call to a server of another gitedit binary (-base,
// the git CLI column: say a build from before a change), with and without
// commit mode, each server on its own 50-file repository, the two calls
// alternating (each first in every other call): the ratio is the median
// of the per-call ratios.
func (b *bench) mcpBaseRows() error {
	for _, commit := range []bool{false, true} {
		if err := b.mcpBaseRow(commit); err != nil {
			return err
		}
	}
	return nil
}

// mcpBaseRow is one mode of mcpBaseRows.
func (b *bench) mcpBaseRow(commit bool) error {
	args, name := []string{"mcp"}, "MCP edit call p50, 50 files: this build (gitedit column) vs -base (git CLI column)"
	if commit {
		args, name = []string{"mcp", "--commit"}, "MCP edit call p50 with commit, 50 files: this build (gitedit column) vs -base (git CLI column)"
	}
	var servers [2]*server
	for k, bin := range []string{b.bin, b.s.base} {
		dir, err := b.repo(fmt.Sprintf("mcp-base-%t-%d", commit, k), 50, benchrepo.ConstBody)
		if err != nil {
			return err
		}
		if servers[k], err = startServer(dir, bin, args...); err != nil {
			return err
		}
		defer servers[k].stop()
	}
	r := &row{name: name, target: "≤ 1.2"}
	vals := [2]lineValues{{}, {}}
	call := func(k, f int) func() (time.Duration, error) {
		return func() (time.Duration, error) {
			name := benchrepo.FileName(f)
			old, new := vals[k].next(name)
			return servers[k].edit(name, old, new)
		}
	}
	for i := -10; i < 10*b.s.rounds; i++ { // 10 warm-up calls each
		f := (i + 10) % 50
		cur, base, err := timedPair(i+10, call(0, f), call(1, f))
		if err != nil {
			return err
		}
		if i >= 0 {
			r.add(cur, base)
		}
	}
	b.rows = append(b.rows, r)
	return nil
}
