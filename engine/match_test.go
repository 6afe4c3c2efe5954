package engine

import (
	"reflect"
	"strings"
	"testing"
)

// fakeStrategy returns fixed candidates, to test the driver alone.
type fakeStrategy struct {
	mode  MatchMode
	cands []Candidate
}

func (f fakeStrategy) Mode() MatchMode                   { return f.mode }
func (f fakeStrategy) Find(text, old string) []Candidate { return f.cands }

// withStrategies installs extra strategies and an auto order for the
// duration of the test. Such tests must not be parallel.
func withStrategies(t *testing.T, order []MatchMode, extra ...Strategy) {
	t.Helper()
	saved, savedOrder := strategies, autoOrder
	strategies = map[MatchMode]Strategy{}
	for m, s := range saved {
		strategies[m] = s
	}
	for _, s := range extra {
		strategies[s.Mode()] = s
	}
	autoOrder = order
	t.Cleanup(func() { strategies, autoOrder = saved, savedOrder })
}

const fakeMode MatchMode = "test_fake"

func TestMatchDriverTriesExactFirstAndRefusesAmbiguity(t *testing.T) {
	tests := []struct {
		name     string
		text     string
		old      string
		mode     MatchMode
		fake     []Candidate
		wantMode MatchMode
		want     []Candidate
		code     Code
		lines    []int // Error.Lines when code is set (nil: not checked)
	}{
		{name: "auto takes exact first", text: "ab ab", old: "ab", mode: Auto,
			fake: []Candidate{{Start: 0, End: 1}}, wantMode: Exact, want: []Candidate{{0, 2, nil, nil}, {3, 5, nil, nil}}},
		{name: "ambiguous exact does not fall through", text: "x x", old: "x", mode: Auto,
			fake: []Candidate{{Start: 0, End: 1}}, wantMode: Exact, want: []Candidate{{0, 1, nil, nil}, {2, 3, nil, nil}}},
		{name: "auto falls through when exact finds none", text: "a  b", old: "a b", mode: Auto,
			fake: []Candidate{{Start: 0, End: 4}}, wantMode: fakeMode, want: []Candidate{{0, 4, nil, nil}}},
		{name: "concrete mode runs only its strategy", text: "a b", old: "a b", mode: fakeMode,
			fake: nil, code: CodeNotFound},
		{name: "unavailable mode", text: "a", old: "a", mode: MatchMode("nope"), code: CodeInvalidInput},
		{name: "candidates sorted, touching ones kept", text: "0123456789", old: "q", mode: fakeMode,
			fake:     []Candidate{{Start: 6, End: 8}, {Start: 0, End: 3}, {Start: 3, End: 6}},
			wantMode: fakeMode, want: []Candidate{{0, 3, nil, nil}, {3, 6, nil, nil}, {6, 8, nil, nil}}},
		{name: "repeats of one range are one match, invalid ranges ignored", text: "0123456789", old: "q", mode: fakeMode,
			fake:     []Candidate{{Start: 2, End: 5}, {Start: 7, End: 6}, {Start: 2, End: 5}},
			wantMode: fakeMode, want: []Candidate{{2, 5, nil, nil}}},
		{name: "overlap is ambiguous, not resolved", text: "0123456789", old: "q", mode: fakeMode,
			fake: []Candidate{{Start: 6, End: 8}, {Start: 0, End: 3}, {Start: 2, End: 5}}, code: CodeAmbiguous, lines: []int{1, 1}},
		{name: "overlap names both lines", text: "a\nb\nc\nd\n", old: "q", mode: fakeMode,
			fake: []Candidate{{Start: 2, End: 6}, {Start: 4, End: 8}}, code: CodeAmbiguous, lines: []int{2, 3}},
		{name: "overlap is ambiguous even when every other pair is disjoint", text: "a\nb\nc\nd\n", old: "q", mode: fakeMode,
			fake: []Candidate{{Start: 0, End: 1}, {Start: 2, End: 8}, {Start: 4, End: 5}, {Start: 6, End: 7}}, code: CodeAmbiguous, lines: []int{2, 3}},
		{name: "same start, different ends", text: "a\nb\nc\n", old: "q", mode: fakeMode,
			fake: []Candidate{{Start: 2, End: 4}, {Start: 2, End: 6}}, code: CodeAmbiguous, lines: []int{2, 2}},
		{name: "empty candidate inside another", text: "a\nb\nc\n", old: "q", mode: fakeMode,
			fake: []Candidate{{Start: 0, End: 4}, {Start: 2, End: 2}}, code: CodeAmbiguous, lines: []int{1, 2}},
		{name: "auto stops at an overlapping strategy", text: "a\nb\nc\n", old: "q", mode: Auto,
			fake: []Candidate{{Start: 0, End: 4}, {Start: 2, End: 6}}, code: CodeAmbiguous, lines: []int{1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			withStrategies(t, []MatchMode{Exact, fakeMode}, fakeStrategy{fakeMode, tt.fake})
			got, err := match(tt.text, tt.old, tt.mode)
			if tt.code != "" {
				checkCode(t, err, tt.code, tt.lines)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.mode != tt.wantMode || !reflect.DeepEqual(got.cands, tt.want) {
				t.Fatalf("match = %v %+v, want %v %+v", got.mode, got.cands, tt.wantMode, tt.want)
			}
		})
	}
}

// TestApplyEditUsesAdapt checks that a tolerant match reports its mode and
// that Adapt rewrites new_string, in the file's line endings.
func TestApplyEditUsesAdapt(t *testing.T) {
	adapt := func(s string) string { return "  " + strings.ReplaceAll(s, "\n", "\n  ") }
	withStrategies(t, []MatchMode{Exact, fakeMode},
		fakeStrategy{fakeMode, []Candidate{{Start: 2, End: 9, Adapt: adapt}}})
	got, applied, err := ApplyEdit("{\r\n  a\r\n  b\r\n}\r\n", Edit{OldString: "a\nb", NewString: "x\ny"})
	if err != nil {
		t.Fatal(err)
	}
	if want := "{\r\n  x\r\n  y\r\n}\r\n"; got != want {
		t.Fatalf("content = %q, want %q", got, want)
	}
	if applied.MatchMode != fakeMode || !reflect.DeepEqual(applied.Lines, []int{2}) {
		t.Fatalf("applied = %+v", applied)
	}
}

func TestExactFindMatchesLeftToRightWithoutOverlap(t *testing.T) {
	tests := []struct {
		text, old string
		want      []Candidate
	}{
		{"abcabc", "bc", []Candidate{{1, 3, nil, nil}, {4, 6, nil, nil}}},
		{"aaaa", "aa", []Candidate{{0, 2, nil, nil}, {2, 4, nil, nil}}},
		// Non-overlapping, left to right (strings.Count, git grep): the
		// occurrence at 1 is not a second match.
		{"aaa", "aa", []Candidate{{0, 2, nil, nil}}},
		{"abc", "", nil},
		{"abc", "x", nil},
	}
	for _, tt := range tests {
		if got := (exactStrategy{}).Find(tt.text, tt.old); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Find(%q, %q) = %+v, want %+v", tt.text, tt.old, got, tt.want)
		}
	}
}

// TestOverlapMessageAdvisesMoreContextNotReplaceAll checks the overlap error tells the agent what is wrong
// and what to do, and does not suggest replace_all.
func TestOverlapMessageAdvisesMoreContextNotReplaceAll(t *testing.T) {
	withStrategies(t, []MatchMode{Exact, fakeMode},
		fakeStrategy{fakeMode, []Candidate{{Start: 0, End: 4}, {Start: 2, End: 6}}})
	_, _, err := ApplyEdit("a\nb\nc\n", Edit{OldString: "q", NewString: "r", ReplaceAll: true})
	checkCode(t, err, CodeAmbiguous, []int{1, 2})
	msg := err.(*Error).Message
	for _, want := range []string{"overlapping", "lines 1 and 2", "add surrounding context"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q: %s", want, msg)
		}
	}
	if strings.Contains(msg, "replace_all") {
		t.Errorf("message suggests replace_all, which cannot help: %s", msg)
	}
}
