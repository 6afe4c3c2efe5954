package engine

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

func intp(n int) *int { return &n }

func TestApplyEditReplacesOnlyAnUnambiguousMatch(t *testing.T) {
	tests := []struct {
		name    string
		content string
		edit    Edit
		want    string
		applied Applied // checked when code is ""
		code    Code
		lines   []int // Error.Lines when code is set
	}{
		{name: "unique", content: "a\nfoo()\nb\n", edit: Edit{OldString: "foo()", NewString: "bar()"},
			want: "a\nbar()\nb\n", applied: Applied{1, Exact, []int{2}, true}},
		{name: "ambiguous lists every line", content: "x\nx\ny\nx\n", edit: Edit{OldString: "x", NewString: "z"},
			code: CodeAmbiguous, lines: []int{1, 2, 4}},
		{name: "replace_all", content: "x\nx\ny\nx\n", edit: Edit{OldString: "x", NewString: "z", ReplaceAll: true},
			want: "z\nz\ny\nz\n", applied: Applied{3, Exact, []int{1, 2, 4}, true}},
		{name: "count_mismatch with replace_all", content: "x x x", edit: Edit{OldString: "x", NewString: "y", ReplaceAll: true, ExpectedReplacements: intp(2)},
			code: CodeCountMismatch, lines: []int{1, 1, 1}},
		{name: "count_mismatch single", content: "x", edit: Edit{OldString: "x", NewString: "y", ExpectedReplacements: intp(2)},
			code: CodeCountMismatch, lines: []int{1}},
		{name: "expected matches", content: "x x", edit: Edit{OldString: "x", NewString: "y", ReplaceAll: true, ExpectedReplacements: intp(2)},
			want: "y y", applied: Applied{2, Exact, []int{1, 1}, true}},
		{name: "expected below one", content: "x", edit: Edit{OldString: "x", NewString: "y", ExpectedReplacements: intp(0)},
			code: CodeInvalidInput},
		{name: "not_found", content: "a\nb\n", edit: Edit{OldString: "c", NewString: "d"}, code: CodeNotFound},
		{name: "unknown mode", content: "a", edit: Edit{OldString: "a", NewString: "b", MatchMode: "fuzzy"}, code: CodeInvalidInput},
		{name: "deletion", content: "a\nb\nc\n", edit: Edit{OldString: "b\n", NewString: ""},
			want: "a\nc\n", applied: Applied{1, Exact, []int{2}, true}},
		{name: "whole write over content", content: "old\n", edit: Edit{NewString: "new\n"},
			want: "new\n", applied: Applied{1, Exact, []int{1}, true}},
		{name: "whole write into empty", content: "", edit: Edit{NewString: "a\r\nb"},
			want: "a\r\nb", applied: Applied{1, Exact, []int{1}, true}},
		{name: "whole write takes crlf", content: "x\r\ny\r\n", edit: Edit{NewString: "a\nb\n"},
			want: "a\r\nb\r\n", applied: Applied{1, Exact, []int{1}, true}},
		{name: "whole write keeps bom and no final newline", content: "\uFEFFx", edit: Edit{NewString: "a\nb\n"},
			want: "\uFEFFa\nb", applied: Applied{1, Exact, []int{1}, true}},
		{name: "whole write adds final newline", content: "x\n", edit: Edit{NewString: "a"},
			want: "a\n", applied: Applied{1, Exact, []int{1}, true}},
		{name: "whole write same content", content: "x\n", edit: Edit{NewString: "x\n"},
			want: "x\n", applied: Applied{1, Exact, []int{1}, false}},
		{name: "whole write count_mismatch", content: "x", edit: Edit{NewString: "y", ExpectedReplacements: intp(2)},
			code: CodeCountMismatch, lines: []int{1}},
		{name: "no-op reports the concrete mode given", content: "a", edit: Edit{OldString: "q", NewString: "q", MatchMode: LineTrimmed},
			want: "a", applied: Applied{0, LineTrimmed, nil, false}},
		{name: "no-op needs no match", content: "a\n", edit: Edit{OldString: "zz", NewString: "zz"},
			want: "a\n", applied: Applied{0, Exact, nil, false}},
		{name: "no-op after crlf normalisation", content: "a\r\n", edit: Edit{OldString: "a\r\n", NewString: "a\n"},
			want: "a\r\n", applied: Applied{0, Exact, nil, false}},
		{name: "lf old in crlf file", content: "a\r\nb\r\nc\r\n", edit: Edit{OldString: "a\nb\n", NewString: "x\ny\nz\n"},
			want: "x\r\ny\r\nz\r\nc\r\n", applied: Applied{1, Exact, []int{1}, true}},
		{name: "crlf old in lf file", content: "a\nb\nc\n", edit: Edit{OldString: "b\r\nc", NewString: "B\r\nC"},
			want: "a\nB\nC\n", applied: Applied{1, Exact, []int{2}, true}},
		{name: "crlf never split", content: "a\r\nb\r\n", edit: Edit{OldString: "a", NewString: "x\ny"},
			want: "x\r\ny\r\nb\r\n", applied: Applied{1, Exact, []int{1}, true}},
		{name: "bom kept", content: "\uFEFFa\nb\n", edit: Edit{OldString: "a", NewString: "A"},
			want: "\uFEFFA\nb\n", applied: Applied{1, Exact, []int{1}, true}},
		{name: "no final newline kept", content: "a\nb", edit: Edit{OldString: "b", NewString: "c\nd\n"},
			want: "a\nc\nd", applied: Applied{1, Exact, []int{2}, true}},
		{name: "final newline kept", content: "a\nb\n", edit: Edit{OldString: "b\n", NewString: "c"},
			want: "a\nc\n", applied: Applied{1, Exact, []int{2}, true}},
		{name: "deletion at the end is literal", content: "a\nb\n", edit: Edit{OldString: "\nb\n", NewString: ""},
			want: "a", applied: Applied{1, Exact, []int{1}, true}},
		{name: "final state only at the end", content: "a\nb", edit: Edit{OldString: "a\n", NewString: "x\ny\n"},
			want: "x\ny\nb", applied: Applied{1, Exact, []int{1}, true}},
		{name: "final crlf kept", content: "a\r\nb\r\n", edit: Edit{OldString: "b\n", NewString: "c"},
			want: "a\r\nc\r\n", applied: Applied{1, Exact, []int{2}, true}},
		{name: "delete everything", content: "a\n", edit: Edit{OldString: "a\n", NewString: ""},
			want: "", applied: Applied{1, Exact, []int{1}, true}},
		{name: "mixed endings: crlf line", content: "a\r\nb\nc\r\n", edit: Edit{OldString: "c", NewString: "c1\nc2"},
			want: "a\r\nb\nc1\r\nc2\r\n", applied: Applied{1, Exact, []int{3}, true}},
		{name: "mixed endings: lf line", content: "a\r\nb\nc\r\n", edit: Edit{OldString: "b", NewString: "b1\nb2"},
			want: "a\r\nb1\nb2\nc\r\n", applied: Applied{1, Exact, []int{2}, true}},
		{name: "mixed endings: bytes outside kept", content: "a\r\nb\nc\r\nd\n", edit: Edit{OldString: "b\nc\n", NewString: "X\n"},
			want: "a\r\nX\nd\n", applied: Applied{1, Exact, []int{2}, true}},
		{name: "no line break takes new_string's", content: "one", edit: Edit{OldString: "one", NewString: "1\r\n2"},
			want: "1\r\n2", applied: Applied{1, Exact, []int{1}, true}},
		{name: "explicit exact mode", content: "a b", edit: Edit{OldString: "b", NewString: "c", MatchMode: Exact},
			want: "a c", applied: Applied{1, Exact, []int{1}, true}},
		{name: "overlapping occurrences count left to right", content: "aaa", edit: Edit{OldString: "aa", NewString: "b", ReplaceAll: true},
			want: "ba", applied: Applied{1, Exact, []int{1}, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, applied, err := ApplyEdit(tt.content, tt.edit)
			if tt.code != "" {
				checkCode(t, err, tt.code, tt.lines)
				if got != tt.content {
					t.Errorf("content changed on error: %q", got)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if got != tt.want {
				t.Errorf("content = %q, want %q", got, tt.want)
			}
			if !reflect.DeepEqual(applied, tt.applied) {
				t.Errorf("applied = %+v, want %+v", applied, tt.applied)
			}
		})
	}
}

// checkCode asserts err is an *Error with code and, when lines is non-nil,
// those Lines.
func checkCode(t *testing.T, err error, code Code, lines []int) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error = %v, want *Error with code %s", err, code)
	}
	if e.Code != code {
		t.Fatalf("code = %s, want %s (%v)", e.Code, code, e)
	}
	if lines != nil && !reflect.DeepEqual(e.Lines, lines) {
		t.Fatalf("lines = %v, want %v", e.Lines, lines)
	}
}

func TestApplyEditErrorsSayWhatIsWrongAndWhatToDo(t *testing.T) {
	_, _, err := ApplyEdit("x\ny\nx\n", Edit{OldString: "x", NewString: "z"})
	var e *Error
	if !errors.As(err, &e) || e.Count != 2 {
		t.Fatalf("ambiguous error = %#v", err)
	}
	for _, want := range []string{"2 times", "lines 1, 3", "replace_all", "context"} {
		if !strings.Contains(e.Message, want) {
			t.Errorf("ambiguous message %q lacks %q", e.Message, want)
		}
	}
	_, _, err = ApplyEdit("x x x", Edit{OldString: "x", NewString: "y", ReplaceAll: true, ExpectedReplacements: intp(2)})
	if !errors.As(err, &e) || e.Count != 3 || e.Expected != 2 {
		t.Fatalf("count_mismatch error = %#v", err)
	}
	if !errors.Is(err, &Error{Code: CodeCountMismatch}) {
		t.Fatalf("errors.Is by code failed")
	}
}

func TestAmbiguousMessageElidesALongListOfLines(t *testing.T) {
	content := strings.Repeat("x\n", 500)
	_, _, err := ApplyEdit(content, Edit{OldString: "x", NewString: "y"})
	var e *Error
	if !errors.As(err, &e) || len(e.Lines) != 500 || e.Lines[499] != 500 {
		t.Fatalf("want 500 lines in Error.Lines, got %v", err)
	}
	if !strings.Contains(e.Message, "and 400 more") {
		t.Fatalf("long list not elided: %.200s", e.Message)
	}
}

func TestApplyEditsAppliesEachEditToThePreviousResult(t *testing.T) {
	tests := []struct {
		name     string
		content  string
		edits    []Edit
		partial  bool
		want     string
		applied  []int // indexes applied
		failed   []int // indexes failed (partial)
		errIndex int   // atomic failure index, -1 for none
		code     Code
	}{
		{name: "in order on the previous result", content: "a\n", partial: false,
			edits: []Edit{{OldString: "a", NewString: "b"}, {OldString: "b", NewString: "c"}},
			want:  "c\n", applied: []int{0, 1}, errIndex: -1},
		{name: "atomic failure index", content: "a b c",
			edits:    []Edit{{OldString: "a", NewString: "A"}, {OldString: "b", NewString: "B"}, {OldString: "zz", NewString: "y"}},
			errIndex: 2, code: CodeNotFound},
		{name: "partial skips failures", content: "a b c", partial: true,
			edits: []Edit{{OldString: "a", NewString: "A"}, {OldString: "zz", NewString: "y"}, {OldString: "c", NewString: "C"}},
			want:  "A b C", applied: []int{0, 2}, failed: []int{1}, errIndex: -1},
		{name: "first edit creates", content: "", edits: []Edit{{NewString: "x\ny\n"}, {OldString: "y", NewString: "z"}},
			want: "x\nz\n", applied: []int{0, 1}, errIndex: -1},
		{name: "empty old_string later is invalid", content: "a",
			edits:    []Edit{{OldString: "a", NewString: "b"}, {NewString: "c"}},
			errIndex: 1, code: CodeInvalidInput},
		{name: "edit sees its own result, ambiguity after earlier edit", content: "a b",
			edits:    []Edit{{OldString: "b", NewString: "a"}, {OldString: "a", NewString: "c"}},
			errIndex: 1, code: CodeAmbiguous},
		{name: "crlf file multiedit", content: "a\r\nb\r\n",
			edits: []Edit{{OldString: "a\nb", NewString: "x\ny"}, {OldString: "y\n", NewString: "y\nz\n"}},
			want:  "x\r\ny\r\nz\r\n", applied: []int{0, 1}, errIndex: -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := ApplyEdits(tt.content, tt.edits, tt.partial)
			if tt.errIndex >= 0 {
				var ee *EditError
				if !errors.As(err, &ee) || ee.Index != tt.errIndex {
					t.Fatalf("error = %v, want EditError at %d", err, tt.errIndex)
				}
				checkCode(t, err, tt.code, nil)
				if !strings.HasPrefix(err.Error(), fmt.Sprintf("edit %d: ", tt.errIndex+1)) {
					t.Errorf("message %q does not name edit %d", err, tt.errIndex+1)
				}
				if !reflect.DeepEqual(out, Outcome{}) {
					t.Errorf("atomic failure returned an outcome: %+v", out)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if out.Content != tt.want {
				t.Errorf("content = %q, want %q", out.Content, tt.want)
			}
			if got := appliedIndexes(out); !reflect.DeepEqual(got, tt.applied) {
				t.Errorf("applied = %v, want %v", got, tt.applied)
			}
			if got := failedIndexes(out); !reflect.DeepEqual(got, tt.failed) {
				t.Errorf("failed = %v, want %v", got, tt.failed)
			}
		})
	}
}

func appliedIndexes(o Outcome) []int {
	var out []int
	for _, a := range o.Applied {
		out = append(out, a.Index)
	}
	return out
}

func failedIndexes(o Outcome) []int {
	var out []int
	for _, f := range o.Failed {
		out = append(out, f.Index)
	}
	return out
}

func TestApplyEditsRefusesAnEmptyList(t *testing.T) {
	_, err := ApplyEdits("a", nil, false)
	checkCode(t, err, CodeInvalidInput, nil)
}

func BenchmarkApplyEditExact(b *testing.B) {
	var sb strings.Builder
	for i := 0; sb.Len() < 1<<20; i++ {
		fmt.Fprintf(&sb, "\tvalue%d := compute(%d) // line of a 1 MB file\n", i, i)
	}
	content := sb.String()
	for _, c := range []struct{ name, content string }{
		{"LF", content},
		{"CRLF", strings.ReplaceAll(content, "\n", "\r\n")},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.content)))
			e := Edit{OldString: "value10000 := compute(10000)", NewString: "value10000 := other(10000)"}
			for b.Loop() {
				if _, _, err := ApplyEdit(c.content, e); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
