package diff

import (
	"fmt"
	"testing"
)

func TestMerge3MergesDisjointChangesAndRefusesOverlaps(t *testing.T) {
	base := "1\n2\n3\n4\n5\n6\n"
	tests := []struct {
		name, ours, theirs, want string
		conflict                 string
	}{
		{"disjoint", "1\nX\n3\n4\n5\n6\n", "1\n2\n3\n4\nY\n6\n", "1\nX\n3\n4\nY\n6\n", ""},
		{"same change", "1\nX\n3\n4\n5\n6\n", "1\nX\n3\n4\n5\n6\n", "1\nX\n3\n4\n5\n6\n", ""},
		{"overlap", "1\nX\n3\n4\n5\n6\n", "1\nY\n3\n4\n5\n6\n", "", "2"},
		{"adjacent", "1\nX\n3\n4\n5\n6\n", "1\n2\nY\n4\n5\n6\n", "", "2"},
		{"insert at end", base + "7\n", "0\n" + base, "0\n" + base + "7\n", ""},
		{"delete vs edit elsewhere", "1\n2\n3\n4\n5\n", "Z\n2\n3\n4\n5\n6\n", "Z\n2\n3\n4\n5\n", ""},
	}
	for _, tt := range tests {
		got, lines := Merge3(base, tt.ours, tt.theirs)
		if conflictLines(lines) != tt.conflict || got != tt.want {
			t.Errorf("%s: got %q conflict %v, want %q conflict %q", tt.name, got, lines, tt.want, tt.conflict)
		}
	}
}

// TestMerge3KeepsLineEndingsBOMAndFinalNewline merges changes to files
// with CRLF and LF lines, lone CRs, a BOM and no final newline: every
// byte of an untouched line is kept.
func TestMerge3KeepsLineEndingsBOMAndFinalNewline(t *testing.T) {
	tests := []struct{ base, ours, theirs, want string }{
		{"a\r\nb\nc\r\nd\ne\r\n", "A\r\nb\nc\r\nd\ne\r\n", "a\r\nb\nc\r\nd\nE\n", "A\r\nb\nc\r\nd\nE\n"},
		{"a\rb\nc\nd\ne\rf\n", "a\rB\nc\nd\ne\rf\n", "a\rb\nc\nd\ne\rf", "a\rB\nc\nd\ne\rf"},
		{"\ufeffa\nb\nc\nd\n", "\ufeffa\nb\nc\nd\n", "\ufeffa\nb\nc\nD", "\ufeffa\nb\nc\nD"},
		{"a\nb\nc\nd", "a\r\nb\nc\nd", "a\nb\nc\nd\n", "a\r\nb\nc\nd\n"},
	}
	for _, tt := range tests {
		if got, lines := Merge3(tt.base, tt.ours, tt.theirs); got != tt.want || lines != nil {
			t.Errorf("Merge3(%q, %q, %q) = %q %v, want %q", tt.base, tt.ours, tt.theirs, got, lines, tt.want)
		}
	}
}

// conflictLines joins line numbers with ", ".
func conflictLines(xs []int) string {
	s := ""
	for i, x := range xs {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(x)
	}
	return s
}
