package engine

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// multiEditInput is a file of n lines and n edits, one per line, as a
// rename spread over a generated file.
func multiEditInput(n int) (string, []Edit) {
	var b strings.Builder
	edits := make([]Edit, n)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "line %d: value_%d = compute(%d)\n", i, i, i)
		edits[i] = Edit{OldString: fmt.Sprintf("value_%d =", i), NewString: fmt.Sprintf("val_%d =", i)}
	}
	return b.String(), edits
}

// BenchmarkMultiEdit applies n edits to an n-line file: ApplyEdits (the
// one pass) against the edits applied in order (the reference, too slow
// to run at 100,000).
func BenchmarkMultiEdit(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		content, edits := multiEditInput(n)
		b.Run(fmt.Sprintf("items=%d/one-pass", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ApplyEdits(content, edits, false); err != nil {
					b.Fatal(err)
				}
			}
		})
		if n > 10000 {
			continue
		}
		b.Run(fmt.Sprintf("items=%d/in-order", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := applyInOrder(content, edits, false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRegexEveryByte runs the pattern x* (a match at every byte) over
// an 18 MB file: refused after MaxRegexMatches, with memory bounded by
// the cap instead of the file's size.
func BenchmarkRegexEveryByte(b *testing.B) {
	content := strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789 x\n", 18<<20/39)
	e := RegexEdit{Pattern: regexp.MustCompile(`x*`), Replace: "y"}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := ApplyRegex(content, e); err == nil {
			b.Fatal("x* over 18 MB must exceed the match bound")
		}
	}
}
