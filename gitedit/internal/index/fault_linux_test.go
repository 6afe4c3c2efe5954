package index

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// cutMapping maps a 64 KB file and cuts it in place to 100 bytes: reading
// the mapping past its first page then faults.
func cutMapping(t *testing.T) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "index")
	if err := os.WriteFile(path, make([]byte, 64<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	data, mapped, err := wtfs.MapFile(path, 1)
	if err != nil || !mapped {
		t.Fatalf("MapFile: mapped %v, %v", mapped, err)
	}
	t.Cleanup(func() { wtfs.Unmap(data) })
	if err := os.Truncate(path, 100); err != nil {
		t.Fatal(err)
	}
	return data
}

// TestFaultsAsErrorsTurnsAFaultIntoAnError reads a cut mapping, as parse
// or EncodeTo would if the file were cut while they read it.
func TestFaultsAsErrorsTurnsAFaultIntoAnError(t *testing.T) {
	data := cutMapping(t)
	var b byte
	err := faultsAsErrors(true, func() error { b = data[len(data)-1]; return nil })
	if err == nil || !strings.Contains(err.Error(), "cut in place while in use") {
		t.Fatalf("reading a cut mapping: %v (read %d)", err, b)
	}
}

// TestHasherReportsAFault hands the hasher a piece of a cut mapping, then
// sink buffers: it reports the fault and still hands the buffers back.
func TestHasherReportsAFault(t *testing.T) {
	data := cutMapping(t)
	h := startHasher()
	h.in <- piece{data[8<<10:], false}
	for range 3 {
		h.in <- piece{make([]byte, 10), true}
		<-h.free
	}
	if _, err := h.finish(); err == nil {
		t.Fatal("the hasher hashed a cut mapping without an error")
	}
}
