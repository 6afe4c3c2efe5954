package diff

import (
	"reflect"
	"testing"
)

// TestStatOfUnifiedCountsEachFilesLines checks the diffstat read back
// from a result's diff: a change, a created and a deleted file, a binary
// file, a name with a space (git writes a tab after it) and a quoted name.
func TestStatOfUnifiedCountsEachFilesLines(t *testing.T) {
	text := UnifiedDiff("a.txt", "a.txt", "1\n2\n3\n", "1\nII\n3\n4\n") +
		UnifiedDiff("", "new file.txt", "", "x\ny\n") +
		UnifiedDiff("gone\t.txt", "", "z\n", "") +
		BinaryDiff("img.bin", "img.bin")
	want := []FileStat{
		{Name: "a.txt", Added: 2, Deleted: 1},
		{Name: "new file.txt", Added: 2},
		{Name: `"gone\t.txt"`, Deleted: 1},
		{Name: "img.bin", Binary: true},
	}
	if got := StatOfUnified(text); !reflect.DeepEqual(got, want) {
		t.Fatalf("StatOfUnified =\n%#v\nwant\n%#v\n(diff:\n%s)", got, want, text)
	}
}
