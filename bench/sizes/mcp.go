package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"time"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
)

// mcpRows times edit calls to two `gitedit mcp` servers on 50-file
// repositories, one in commit mode, alternating calls, and reports the
// median (p50) of each; no git contender does the same. Between the calls
// the floors (see floor) do the same calls' unavoidable writes alone.
func (b *bench) mcpRows() error {
	plain := &row{name: "MCP edit call p50, 50 files", target: "≤ 1 ms", noGit: true}
	commit := &row{name: "MCP edit call p50 with commit, 50 files", target: "≤ 2 ms", noGit: true}
	floors, floorRows, err := b.floors()
	if err != nil {
		return err
	}
	var servers [2]*server
	for k, args := range [][]string{{"mcp"}, {"mcp", "--commit"}} {
		dir, err := b.repo(fmt.Sprintf("mcp-%d", k), 50, benchrepo.ConstBody)
		if err != nil {
			return err
		}
		if servers[k], err = startServer(dir, b.bin, args...); err != nil {
			return err
		}
		defer servers[k].stop()
	}
	vals := [2]lineValues{{}, {}}
	calls := 10 * b.s.rounds
	for i := -10; i < calls; i++ { // 10 warm-up calls each
		for k, r := range []*row{plain, commit} {
			f := (i + 10) % 50
			name := benchrepo.FileName(f)
			old, new := vals[k].next(name)
			d, err := servers[k].edit(name, old, new)
			if err != nil {
				return err
			}
			if i >= 0 {
				r.gitedit = append(r.gitedit, d)
			}
			if d, err = floors[k].call(f, fmt.Sprintf("package p0\n\n// File %d.\nconst %s\n", f, new)); err != nil {
				return err
			}
			if i >= 0 {
				floorRows[k].gitedit = append(floorRows[k].gitedit, d)
			}
		}
	}
	b.rows = append(b.rows, plain, commit, floorRows[0], floorRows[1])
	return nil
}

// floors prepares the floors of both MCP rows and their rows.
func (b *bench) floors() ([2]*floor, [2]*row, error) {
	var fls [2]*floor
	rows := [2]*row{{name: "floor: the call's writes alone, 50 files", target: "–", noGit: true},
		{name: "floor: the call's writes alone with commit, 50 files", target: "–", noGit: true}}
	for k := range fls {
		var err error
		if fls[k], err = b.newFloor(fmt.Sprintf("floor-%d", k), k == 1); err != nil {
			return fls, rows, err
		}
	}
	return fls, rows, nil
}

// server is a running `gitedit mcp` and its stdio.
type server struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
	id  int
}

// startServer starts gitedit with args in dir and initializes the MCP
// session.
func startServer(dir, bin string, args ...string) (*server, error) {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = benchrepo.Env()
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, in: in, out: bufio.NewReader(out)}
	init := map[string]any{"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "bench", "version": "1"}}
	if _, err := s.call("initialize", init); err != nil {
		s.stop()
		return nil, err
	}
	_, err = fmt.Fprintln(in, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return s, err
}

// edit makes one edit call and returns its round-trip time.
func (s *server) edit(file, old, new string) (time.Duration, error) {
	start := time.Now()
	res, err := s.call("tools/call", map[string]any{"name": "edit",
		"arguments": map[string]any{"file_path": file, "old_string": old, "new_string": new}})
	d := time.Since(start)
	if err != nil {
		return 0, err
	}
	var r struct {
		IsError bool `json:"isError"`
	}
	if err := json.Unmarshal(res, &r); err != nil || r.IsError {
		return 0, fmt.Errorf("edit %s: %v %s", file, err, res)
	}
	return d, nil
}

// call sends one request and returns the result of its response,
// skipping notifications.
func (s *server) call(method string, params any) (json.RawMessage, error) {
	s.id++
	req, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": s.id, "method": method, "params": params})
	if err != nil {
		return nil, err
	}
	if _, err := s.in.Write(append(req, '\n')); err != nil {
		return nil, err
	}
	for {
		line, err := s.out.ReadBytes('\n')
		if err != nil {
			return nil, fmt.Errorf("%s: %w", method, err)
		}
		var resp struct {
			ID     *int            `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if err := json.Unmarshal(line, &resp); err != nil {
			return nil, fmt.Errorf("%s: %w: %s", method, err, line)
		}
		if resp.ID == nil || *resp.ID != s.id {
			continue
		}
		if resp.Error != nil {
			return nil, fmt.Errorf("%s: %s", method, resp.Error)
		}
		return resp.Result, nil
	}
}

// stop closes the server's input and waits for it.
func (s *server) stop() {
	_ = s.in.Close()
	_ = s.cmd.Wait()
}
