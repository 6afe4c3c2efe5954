package stdinfile

import (
	"os"
	"os/exec"
	"testing"
)

// TestNewFeedsAChildTheWholeInputWithoutANameOnDisk: the file holds the
// data from its start, is no longer listed in its folder, and a child
// reading it as standard input gets every byte.
func TestNewFeedsAChildTheWholeInputWithoutANameOnDisk(t *testing.T) {
	data := []byte("line one\nline two\x00\xff\n")
	f, err := New(data)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := os.Stat(f.Name()); !os.IsNotExist(err) {
		t.Errorf("%s is still on disk: %v", f.Name(), err)
	}
	cmd := exec.Command("cat")
	cmd.Stdin = f
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("cat: %v", err)
	}
	if string(out) != string(data) {
		t.Errorf("the child read %q, want %q", out, data)
	}
}
