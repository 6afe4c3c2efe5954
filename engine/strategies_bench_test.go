package engine

import (
	"fmt"
	"strings"
	"testing"
)

// syntheticSource returns about size bytes of Go-like, tab-indented code
// in which every function differs.
func syntheticSource(size int) string {
	var b strings.Builder
	b.WriteString("package p\n\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "// f%d computes “value” %d.\nfunc f%d(x int) (int, error) {\n", i, i, i)
		fmt.Fprintf(&b, "\tif x > %d {\n\t\treturn 0, fmt.Errorf(\"too big: %%d\", x)\n\t}\n", i)
		fmt.Fprintf(&b, "\ty := x * %d\n\tfor j := 0; j < y; j++ {\n\t\ty += j\n\t}\n\treturn y, nil\n}\n\n", i)
	}
	return b.String()
}

// absentOld is made of lines that occur everywhere in syntheticSource,
// around lines that occur nowhere: the anchors are common, the block absent.
const absentOld = "\tif x > 0 {\n\t\treturn 0, nil\n\t}\n\tz := missing(x)\n\treturn z, nil\n}"

// benchAutoAbsent applies absentOld with auto to a file of size bytes.
func benchAutoAbsent(b *testing.B, size int) {
	content := syntheticSource(size)
	b.SetBytes(int64(len(content)))
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := ApplyEdit(content, Edit{OldString: absentOld, NewString: "x"}); err == nil {
			b.Fatal("absent old_string matched")
		}
	}
}

// BenchmarkAutoAbsent1MB: target under 20 ms per edit (issue 3).
func BenchmarkAutoAbsent1MB(b *testing.B) { benchAutoAbsent(b, 1<<20) }

// BenchmarkAutoAbsent64MB: target a few seconds at most; skipped under -short.
func BenchmarkAutoAbsent64MB(b *testing.B) {
	if testing.Short() {
		b.Skip("64 MB file skipped under -short")
	}
	benchAutoAbsent(b, 64<<20)
}

// BenchmarkAutoIndented1MB measures a tolerant hit (indentation off) in 1 MB.
func BenchmarkAutoIndented1MB(b *testing.B) {
	content := syntheticSource(1 << 20)
	old := "if x > 500 {\n\treturn 0, fmt.Errorf(\"too big: %d\", x)\n}"
	b.SetBytes(int64(len(content)))
	for b.Loop() {
		if _, a, err := ApplyEdit(content, Edit{OldString: old, NewString: "if x > 501 {\n}"}); err != nil || a.MatchMode != IndentationFlexible {
			b.Fatalf("err %v, mode %s", err, a.MatchMode)
		}
	}
}
