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
