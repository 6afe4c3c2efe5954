package diff

import (
	"errors"
	"strings"
	"testing"
)

// splitL splits s into newline-ended lines.
func splitL(s string) []string { return SplitLines(s) }

// mkHunk builds a hunk from a body of " ", "-", "+" lines, computing the
// counts and context as a parser would.
func mkHunk(oldPos int, body string) Hunk {
	h := Hunk{OldPos: oldPos}
	changed := false
	for _, l := range splitL(body) {
		text := l[1:]
		switch l[0] {
		case ' ':
			h.Old, h.New, h.Context = append(h.Old, text), append(h.New, text), h.Context+1
			if changed {
				h.Trailing++
			} else {
				h.Leading++
			}
		case '-':
			h.Old, h.Trailing, changed = append(h.Old, text), 0, true
		case '+':
			h.New, h.Trailing, changed = append(h.New, text), 0, true
		}
	}
	h.OldLines, h.NewLines = len(h.Old), len(h.New)
	return h
}

func TestApplyHunksPlacesEachHunkAtTheNearestMatch(t *testing.T) {
	tests := []struct {
		name, src string
		hunks     []Hunk
		want      string // "" with anchor set: refused
		offsets   []int
		anchor    Anchor
	}{
		{"in place, second hunk in old lines", "a\nb\nc\nd\ne\nf\ng\nh\n",
			[]Hunk{mkHunk(1, "+new\n a\n b\n"), mkHunk(6, " f\n-g\n+G\n h\n")},
			"new\na\nb\nc\nd\ne\nf\nG\nh\n", []int{0, 0}, 0},
		{"nearest match, forward first", "x\nk\nx\nk\nx\n",
			[]Hunk{mkHunk(2, " x\n+y\n k\n")}, "x\nk\nx\ny\nk\nx\n", []int{1}, 0},
		{"nearest match above", "k\nx\nk\nq\nq\nq\n",
			[]Hunk{mkHunk(3, " k\n+y\n x\n")}, "k\ny\nx\nk\nq\nq\nq\n", []int{-2}, 0},
		{"lines written by a hunk are not matched again", "a\nb\nc\nd\n",
			[]Hunk{mkHunk(2, " b\n+b\n c\n"), mkHunk(2, " b\n+z\n c\n")}, "", nil, AnchorNone},
		{"start anchor", "x\na\nb\nc\n", []Hunk{mkHunk(1, "-a\n+A\n b\n")}, "", nil, AnchorStart},
		{"end anchor", "a\nb\nc\nx\n", []Hunk{mkHunk(2, " b\n-c\n+C\n")}, "", nil, AnchorEnd},
		{"whole file", "a\nb\n", []Hunk{mkHunk(1, " a\n+b\n")}, "", nil, AnchorBoth},
		{"context only between changes: whole file", "x\nb\ny\nz\n", []Hunk{mkHunk(1, "-x\n+X\n b\n-y\n+Y\n")}, "", nil, AnchorBoth},
		{"zero context at its line", "a\nb\nc\n", []Hunk{mkHunk(2, "-b\n+B\n")}, "a\nB\nc\n", []int{0}, 0},
		{"zero context never relocated", "a\nz\nb\nc\n", []Hunk{mkHunk(2, "-b\n+B\n")}, "", nil, AnchorLine},
		{"zero context insert at top", "a\n", []Hunk{{OldPos: 0, NewLines: 1, New: []string{"n\n"}}}, "n\na\n", []int{0}, 0},
		{"zero context insert after line 1", "a\nb\n", []Hunk{{OldPos: 1, NewLines: 1, New: []string{"n\n"}}}, "a\nn\nb\n", []int{0}, 0},
		// git apply puts a hunk at its new start in the file as the earlier
		// hunks left it, also when that disagrees with its old start.
		{"zero context at its new start", "a\nb\nc\nd\ne\n", []Hunk{
			{OldPos: 1, NewPos: 2, NewLines: 1, New: []string{"x\n"}},
			{OldPos: 3, NewPos: 4, NewLines: 1, New: []string{"y\n"}}}, "a\nx\nb\ny\nc\nd\ne\n", []int{0, 0}, 0},
		{"zero context deletion at its new start", "a\nb\nc\nb\ne\n", []Hunk{
			{OldPos: 4, OldLines: 1, NewPos: 1, Old: []string{"b\n"}}}, "a\nc\nb\ne\n", []int{0}, 0},
		{"old start 0 goes at the top", "a\nb\n", []Hunk{
			{OldPos: 0, OldLines: 1, NewPos: 2, NewLines: 1, Old: []string{"b\n"}, New: []string{"B\n"}}}, "", nil, AnchorLine},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, places, err := ApplyHunks(splitL(tt.src), tt.hunks)
			if tt.want == "" {
				var he *HunkError
				if !errors.As(err, &he) || he.Anchor != tt.anchor {
					t.Fatalf("err = %v, want a HunkError with anchor %d", err, tt.anchor)
				}
				return
			}
			if err != nil || strings.Join(got, "") != tt.want {
				t.Fatalf("got %q, %v; want %q", strings.Join(got, ""), err, tt.want)
			}
			for i, p := range places {
				if p.Offset != tt.offsets[i] {
					t.Fatalf("hunk %d offset %d, want %d", i+1, p.Offset, tt.offsets[i])
				}
			}
		})
	}
}

// BenchmarkApplyHunks applies 200 relocated hunks to a 20000-line file.
func BenchmarkApplyHunks(b *testing.B) {
	var sb strings.Builder
	for i := range 20000 {
		sb.WriteString(strings.Repeat("x", i%7) + "\n")
	}
	src := splitL("top\n" + sb.String())
	var hs []Hunk
	for i := range 200 {
		p := i*100 + 10
		hs = append(hs, Hunk{OldPos: p, OldLines: 3, NewLines: 3, Leading: 1, Trailing: 1, Context: 2,
			Old: src[p : p+3], New: []string{src[p], "new\n", src[p+2]}})
	}
	for b.Loop() {
		if _, _, err := ApplyHunks(src, hs); err != nil {
			b.Fatal(err)
		}
	}
}
