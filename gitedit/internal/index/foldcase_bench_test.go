package index

import (
	"fmt"
	"testing"
)

// BenchmarkFoldCase100k folds a new path and an existing one's other
// spelling against an index of 100,000 entries (100 folders of 10 of 100).
func BenchmarkFoldCase100k(b *testing.B) {
	var entries []*Entry
	for i := 0; i < 100000; i++ {
		entries = append(entries, &Entry{Name: fmt.Sprintf("Src/Pkg%03d/Sub%02d/File%05d.go", i/1000, (i/100)%10, i)})
	}
	ix := NewWithEntries(2, entries)
	for i := 0; i < b.N; i++ {
		if got := ix.FoldCase("src/pkg001/sub02/new.go"); got != "Src/Pkg001/Sub02/new.go" {
			b.Fatal(got)
		}
		if got := ix.FoldCase("SRC/PKG099/SUB09/FILE99999.GO"); got != "Src/Pkg099/Sub09/File99999.go" {
			b.Fatal(got)
		}
	}
}
