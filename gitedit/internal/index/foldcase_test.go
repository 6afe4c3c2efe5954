package index

import "testing"

// TestFoldCaseSpellsAsTheIndex checks folders and entries take the
// index's spelling (ASCII case only), and that Add refreshes the maps.
func TestFoldCaseSpellsAsTheIndex(t *testing.T) {
	ix := NewWithEntries(2, []*Entry{{Name: "A.txt"}, {Name: "Dir/Sub/s.txt"}, {Name: "Dir/f.txt"}, {Name: "Ünï/x"}})
	for in, want := range map[string]string{
		"dir/g.txt":     "Dir/g.txt",
		"DIR/sub/h.txt": "Dir/Sub/h.txt",
		"dir/SUB":       "Dir/SUB", // a file named like a folder: its own name kept
		"a.txt":         "A.txt",
		"dir/F.TXT":     "Dir/f.txt",
		"other/x":       "other/x",
		"ünï/y":         "ünï/y", // git folds ASCII only
		"Dir/g.txt":     "Dir/g.txt",
	} {
		if got := ix.FoldCase(in); got != want {
			t.Errorf("FoldCase(%q) = %q, want %q", in, got, want)
		}
	}
	ix.Add(&Entry{Name: "New/n.txt"})
	if got := ix.FoldCase("new/m.txt"); got != "New/m.txt" {
		t.Errorf("after Add: %q", got)
	}
}
