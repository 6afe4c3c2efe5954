package integration

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// sessionLines is the content of file n of the concurrency test: k
// numbered lines.
func sessionLines(n, k int) string {
	var b strings.Builder
	for j := range k {
		fmt.Fprintf(&b, "file %d line %d\n", n, j)
	}
	return b.String()
}

// TestSixteenSessionsInOneWorkingTreeLoseNoEntry runs 16 gitedit
// processes at once in one working tree, each its own session (half in
// staging mode, half in commit mode), each applying several batches
// (gitedit apply, one batch per JSON line) to its own file: every
// session's ledger holds every batch, each entry's diff is exactly its
// batch, and each commit-mode entry names a commit of the branch.
func TestSixteenSessionsInOneWorkingTreeLoseNoEntry(t *testing.T) {
	skipShort(t)
	const sessions = 16
	batches := scale(4, 12)
	files := map[string]string{}
	for n := range sessions {
		files[fmt.Sprintf("f%02d.txt", n)] = sessionLines(n, batches)
	}
	dir := fixtures.NewRepo(t, files)
	procs := make([]*proc, sessions)
	for n := range sessions {
		var lines strings.Builder
		for j := range batches {
			fmt.Fprintf(&lines, `{"file_path":"f%02d.txt","old_string":"file %d line %d\n","new_string":"FILE %d LINE %d\n"}`+"\n", n, n, j, n, j)
		}
		args := []string{"apply", "-", "--session", fmt.Sprintf("c%02d", n), "--lock-timeout", "120s", "--json"}
		if n%2 == 1 {
			args = append(args, "--commit")
		}
		procs[n] = start(t, dir, lines.String(), args...)
	}
	for n, p := range procs {
		r := p.wait()
		require.Equal(t, 0, r.code, "process %d: %s %s", n, r.stdout, r.stderr)
	}
	entries := 0
	for n := range sessions {
		entries += checkSessionChain(t, dir, n, batches)
	}
	t.Logf("%d sessions x %d batches at once: %d ledger entries, none lost", sessions, batches, entries)
	require.Equal(t, sessions*batches, entries)
	requireHealthy(t, dir)
}

// checkSessionChain checks the ledger of session n of the concurrency
// test and returns its number of batch entries.
func checkSessionChain(t *testing.T, dir string, n, batches int) int {
	t.Helper()
	file := fmt.Sprintf("f%02d.txt", n)
	ref := ledgerRef(fmt.Sprintf("c%02d", n))
	var chain []string // newest first, down to the start entry (excluded)
	for _, e := range strings.Fields(git(t, dir, "rev-list", "--first-parent", ref)) {
		if strings.Contains(git(t, dir, "log", "-1", "--format=%B", e), "Edit-Ledger: start") {
			break
		}
		chain = append(chain, e)
	}
	want := sessionLines(n, batches)
	count := 0
	for i := len(chain) - 1; i >= 0; i-- {
		e := chain[i]
		msg := git(t, dir, "log", "-1", "--format=%B", e)
		if !strings.Contains(msg, "Edit-Session:") {
			require.False(t, strings.Contains(msg, "Edit-Ledger: outside"), "no one else touched %s", file)
			continue
		}
		j := count
		before := want
		want = strings.Replace(want, fmt.Sprintf("file %d line %d\n", n, j), fmt.Sprintf("FILE %d LINE %d\n", n, j), 1)
		raw := entryRaw(t, dir, e)
		require.Equal(t, fmt.Sprintf(":100644 100644 %s %s M\t%s", blobID(before), blobID(want), file), raw, "entry %d of session %d", j, n)
		if n%2 == 1 {
			require.True(t, gitOK(dir, "merge-base", "--is-ancestor", e+"^2", "HEAD"), "entry %s names a commit of the branch", e)
		}
		count++
	}
	require.Equal(t, want, read(t, dir, file))
	return count
}
