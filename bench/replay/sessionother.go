package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gitedit/gitedit/bench/internal/benchrepo"
)

// otherFile is the file a second session edits between the replayed
// session's batches (-other): a new file, one line more per batch.
const otherFile = "gitedit-replay-other.txt"

// otherBatch runs the second session's batch i (0 first) in the scratch
// clone: it adds otherFile, then a line to it, as staging-mode batches of
// session other-s.
func (sr *sessionReplayer) otherBatch(s string, i int) error {
	patch := fmt.Sprintf("*** Begin Patch\n*** Update File: %s\n@@\n other %d\n+other %d\n*** End Patch\n", otherFile, i, i+1)
	if i == 0 {
		patch = fmt.Sprintf("*** Begin Patch\n*** Add File: %s\n+other 1\n*** End Patch\n", otherFile)
	}
	p := filepath.Join(sr.tmp, "other.patch")
	if err := os.WriteFile(p, []byte(patch), 0o644); err != nil {
		return err
	}
	stderr, err := benchrepo.CommandStderr(sr.work, nil, sr.bin, "patch", "--session", "other-"+s, p)
	if err != nil {
		return fmt.Errorf("the other session's batch %d: %s", i+1, firstLine(stderr))
	}
	return nil
}

// expect is the tree the index must hold: commit's, plus, with -other,
// otherFile as the second session left it after its batch j (none for
// j 0).
func (sr *sessionReplayer) expect(commit string, j int) string {
	tree := sr.treeOf(commit)
	if !sr.other || j == 0 {
		return tree
	}
	var body strings.Builder
	for i := 1; i <= j; i++ {
		fmt.Fprintf(&body, "other %d\n", i)
	}
	key := fmt.Sprintf("%s+%d", tree, j)
	if t, ok := sr.trees[key]; ok {
		return t
	}
	idx := filepath.Join(sr.tmp, "expect.index")
	env := []string{"GIT_INDEX_FILE=" + idx}
	content := filepath.Join(sr.tmp, "expect.other")
	err := os.WriteFile(content, []byte(body.String()), 0o644)
	blob := ""
	if err == nil {
		blob, err = benchrepo.Output(sr.work, "git", "hash-object", "-w", content)
	}
	if err == nil {
		err = benchrepo.CommandEnv(sr.work, env, "git", "read-tree", tree)
	}
	if err == nil {
		err = benchrepo.CommandEnv(sr.work, env, "git", "update-index", "--add", "--cacheinfo", "100644,"+strings.TrimSpace(blob)+","+otherFile)
	}
	out := ""
	if err == nil {
		out, err = benchrepo.OutputEnv(sr.work, env, "git", "write-tree")
	}
	if err != nil {
		return "cannot make the expected tree: " + err.Error()
	}
	sr.trees[key] = strings.TrimSpace(out)
	return sr.trees[key]
}

// wantStatus is what git status prints after a land: nothing, or, with
// -other, the second session's file still staged.
func (sr *sessionReplayer) wantStatus() string {
	if sr.other {
		return "A  " + otherFile + "\n"
	}
	return ""
}
