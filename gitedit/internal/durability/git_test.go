package durability

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestPolicyMatchesGitsSyscalls runs the git binary under strace with
// each configuration and checks that git syncs a loose object (git add),
// the index (git add) and a ref (git update-ref) exactly when the policy
// says so, with fsync or, under writeout-only, sync_file_range. It is
// skipped where strace is missing.
func TestPolicyMatchesGitsSyscalls(t *testing.T) {
	if _, err := exec.LookPath("strace"); err != nil {
		t.Skip("strace not installed")
	}
	repo := t.TempDir()
	gitRun(t, repo, nil, "init", "-q")
	cases := [][]string{
		{}, {"core.fsync=none"}, {"core.fsync=all"}, {"core.fsync=committed"}, {"core.fsync=added"},
		{"core.fsync=objects"}, {"core.fsync=index"}, {"core.fsync=reference"}, {"core.fsync=-pack"},
		{"core.fsync=a"}, {"core.fsync=obj"}, {"core.fsync=none,index"}, {"core.fsync=index,none"},
		{"core.fsync=bogus,reference"}, {"core.fsync=all", "core.fsync=index"}, {"core.fsyncObjectFiles=true"},
		{"core.fsync=none", "core.fsyncObjectFiles=true"}, {"core.fsync=added", "core.fsyncMethod=writeout-only"},
		{"core.fsync=all", "core.fsyncMethod=writeout-only", "core.fsyncMethod=bogus"},
	}
	for i, cfg := range cases {
		p := policyOf(cfg)
		if err := os.WriteFile(filepath.Join(repo, "f"), []byte(strconv.Itoa(i)), 0o644); err != nil {
			t.Fatal(err)
		}
		add := straced(t, repo, cfg, "add", "f")
		ref := straced(t, repo, cfg, "update-ref", "refs/tags/b"+strconv.Itoa(i), mustTree(t, repo))
		want := map[string]bool{"object": p.Syncs(LooseObject), "index": p.Syncs(Index), "ref": p.Syncs(Reference)}
		got := map[string]bool{"object": synced(add, "/objects/"), "index": synced(add, "index.lock"), "ref": synced(ref, "refs/tags/b")}
		for k := range want {
			if got[k] != want[k] {
				t.Errorf("%q: git syncs the %s: %v, policy says %v\n%s%s", cfg, k, got[k], want[k], add, ref)
			}
		}
		if wo := strings.Contains(add+ref, "sync_file_range("); wo != (p.Method == WriteoutOnly && (want["object"] || want["index"] || want["ref"])) {
			t.Errorf("%q: git writes out only: %v, policy method %d", cfg, wo, p.Method)
		}
	}
}

// policyOf builds the policy from "key=value" settings as git reads them.
func policyOf(cfg []string) Policy {
	var fsync, methods []string
	objectFiles := false
	for _, kv := range cfg {
		k, v, _ := strings.Cut(kv, "=")
		switch strings.ToLower(k) {
		case "core.fsync":
			fsync = append(fsync, v)
		case "core.fsyncmethod":
			methods = append(methods, v)
		case "core.fsyncobjectfiles":
			objectFiles = v == "true"
		}
	}
	return FromConfig(fsync, methods, objectFiles)
}

// straced runs git with the settings under strace and returns the sync
// calls it made, one per line, with the file each was made on.
func straced(t *testing.T, repo string, cfg []string, args ...string) string {
	t.Helper()
	full := []string{"-f", "-y", "-e", "trace=fsync,fdatasync,sync_file_range,syncfs", "git"}
	for _, kv := range cfg {
		full = append(full, "-c", kv)
	}
	return gitRun(t, repo, append(full, args...), "")
}

// synced reports whether a sync call in trace names a file containing part.
func synced(trace, part string) bool {
	for _, line := range strings.Split(trace, "\n") {
		if strings.Contains(line, "sync") && strings.Contains(line, part) {
			return true
		}
	}
	return false
}

// mustTree returns the id of the tree the index holds (an object to point
// a ref at).
func mustTree(t *testing.T, repo string) string {
	t.Helper()
	return strings.TrimSpace(gitRun(t, repo, nil, "write-tree"))
}

// gitRun runs git args in repo (or, with strace set, strace with those
// arguments) without user configuration and returns its combined output.
func gitRun(t *testing.T, repo string, strace []string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	if strace != nil {
		cmd = exec.Command("strace", strace...)
	}
	cmd.Dir = repo
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_TEST_FSYNC=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %v\n%s", cmd.Args, err, out)
	}
	return string(out)
}
