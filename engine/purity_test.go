package engine

import (
	"os/exec"
	"strings"
	"testing"
)

// TestEngineIsPureTextWork holds engine and its sub-packages (engine/diff,
// engine/quote, engine/internal/linespan, engine/internal/onepass) to their contract: standard library only, and nothing that
// reaches the file system, processes or the network (fmt counts, since it
// imports os).
func TestEngineIsPureTextWork(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "./...").Output()
	if err != nil {
		t.Skipf("go list is not available: %v", err)
	}
	forbidden := map[string]bool{"os": true, "os/exec": true, "net": true, "syscall": true}
	for _, dep := range strings.Fields(string(out)) {
		first, _, _ := strings.Cut(dep, "/")
		external := strings.Contains(first, ".") && !strings.HasPrefix(dep, "github.com/gitedit/gitedit/engine")
		if forbidden[dep] || external {
			t.Errorf("engine depends on %s", dep)
		}
	}
}
