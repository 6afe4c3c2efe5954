package engine

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// TestNotFoundHintNearMissLine: a one-line old_string that differs from a
// file line by one word points at that line with the first difference
// (issue 11, class 4); a multi-line old_string none of whose lines occurs
// verbatim still gets the region of its closest line.
func TestNotFoundHintNearMissLine(t *testing.T) {
	content := "package p\n\nfunc f() {\n\tx := compute(alpha, beta)\n\ty := other(alpha)\n}\n"
	tests := []struct {
		name, old string
		lines     []int
		want      []string
	}{
		{name: "one word differs", old: "x := compute(alpha, gamma)", lines: []int{4, 4},
			want: []string{"closest: line 4", `file has "beta"`, `old_string has "gamma"`, `"→x·:=·compute(alpha,·beta)"`}},
		{name: "one word differs, indented", old: "\tx := compute(alhpa, beta)", lines: []int{4, 4},
			want: []string{"closest: line 4", `file has "alpha"`, `old_string has "alhpa"`}},
		{name: "every line misremembered", old: "x := compute(alpha, gamma)\ny := others(alpha)", lines: []int{4, 5},
			want: []string{"lines 4-5", "first difference at line 4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ApplyEdit(content, Edit{OldString: tt.old, NewString: "z"})
			var e *Error
			if !errors.As(err, &e) || e.Code != CodeNotFound {
				t.Fatalf("err = %v", err)
			}
			if !reflect.DeepEqual(e.Lines, tt.lines) {
				t.Errorf("Lines = %v, want %v: %s", e.Lines, tt.lines, e.Message)
			}
			for _, w := range tt.want {
				if !strings.Contains(e.Message, w) {
					t.Errorf("message lacks %q: %s", w, e.Message)
				}
			}
		})
	}
}

// TestNotFoundHintOnlyWhenClose: an unrelated one-line old_string gets no
// closest line.
func TestNotFoundHintOnlyWhenClose(t *testing.T) {
	_, _, err := ApplyEdit("a := compute(alpha, beta)\n", Edit{OldString: "totally unrelated words here", NewString: "z"})
	var e *Error
	if !errors.As(err, &e) || e.Code != CodeNotFound || e.Lines != nil || strings.Contains(e.Message, "closest") {
		t.Fatalf("err = %#v", err)
	}
}

// TestClosestLinesNamesTheRegionOldStringsHintNames checks the region
// patches name when a hunk or chunk does not apply: the same rule as
// old_string's not_found hint, for line slices.
func TestClosestLinesNamesTheRegionOldStringsHintNames(t *testing.T) {
	lines := []string{"package a", "", "func f() {", "\treturn 2", "}", "", "func g() {", "\treturn 3", "}"}
	tests := []struct {
		pattern     []string
		first, last int
		ok          bool
	}{
		{[]string{"func g() {", "\treturn 4", "}"}, 7, 9, true},
		{[]string{"func f() {", "\treturn 9"}, 3, 4, true},
		{[]string{"\treturn 22"}, 4, 4, true},
		{[]string{"nothing", "like", "this"}, 0, 0, false},
	}
	for _, tt := range tests {
		first, last, ok := ClosestLines(lines, tt.pattern)
		if first != tt.first || last != tt.last || ok != tt.ok {
			t.Errorf("ClosestLines(%q) = %d, %d, %v; want %d, %d, %v", tt.pattern, first, last, ok, tt.first, tt.last, tt.ok)
		}
		if !tt.ok {
			continue
		}
		e := notFoundError(strings.Join(lines, "\n"), strings.Join(tt.pattern, "\n"))
		if len(e.Lines) != 2 || e.Lines[0] != first || e.Lines[1] != last {
			t.Errorf("old_string hint names %v, ClosestLines %d-%d", e.Lines, first, last)
		}
	}
}

// TestFoldTypographyIsUnicodeNormalizedsTable folds every rune the
// apply_patch search and the unicode_normalized strategy read as ASCII.
func TestFoldTypographyIsUnicodeNormalizedsTable(t *testing.T) {
	in := "\u2018a\u2019 \u201Cb\u201D c\u2013d\u2014e\u2026 \u00A0\u2004\u2005\u2006\u3000 5\u2032 6\u2033"
	want := `'a' "b" c-d-e...       5' 6"`
	if got := FoldTypography(in); got != want {
		t.Errorf("FoldTypography = %q, want %q", got, want)
	}
	if got := FoldTypography("plain"); got != "plain" {
		t.Errorf("FoldTypography(plain) = %q", got)
	}
}
