package engine

import (
	"strings"
	"testing"
)

// classFile is a class whose method m ends with an inner block.
const classFile = "class A {\n  m() {\n    if (x) {\n      y();\n    }\n    z();\n  }\n\n  n() {\n    w();\n  }\n}\n"

func TestTolerantMatchesNeverLandInTheWrongPlace(t *testing.T) {
	runFuzzy(t, []fuzzyCase{
		{name: "block never ends at an inner closing line",
			content: classFile, old: "  m() {\n    if (x) {\n      y2();\n  }", new: "  m() {}",
			mode: BlockAnchor, code: CodeNotFound},
		{name: "same under auto",
			content: classFile, old: "  m() {\n    if (x) {\n      y2();\n  }", new: "  m() {}",
			code: CodeNotFound},
		{name: "method with a misremembered line ends at its own brace",
			content: classFile, old: "  m() {\n    if (x) {\n      y();\n    }\n    zz();\n  }", new: "  m() {}",
			want:     strings.Replace(classFile, "  m() {\n    if (x) {\n      y();\n    }\n    z();\n  }", "  m() {}", 1),
			wantMode: BlockAnchor},
		{name: "whitespace-equivalent duplicates are ambiguous",
			content: "a() {\n\tfoo(1, 2)\n\tbar()\n}\nb() {\n\tfoo(1,  2)\n\tbar()\n}\n",
			old:     "    foo(1, 2)\n    bar()", new: "    baz()", code: CodeAmbiguous, lines: []int{2, 6}},
		{name: "duplicates at different indentation are ambiguous",
			content: "\tfoo()\n\tbar()\n\t\tfoo()\n\t\tbar()\n", old: "foo()\n  bar()", new: "x", code: CodeAmbiguous},
		{name: "anchors alone never decide",
			content: "func a() {\n\treturn compute(1)\n\tunused := 2\n}\n",
			old:     "func a() {\n\tlog.Print(totally, different)\n\tstuff := here()\n}", new: "x",
			code: CodeNotFound},
		{name: "two-line old is never matched by anchors",
			content: "func a() {\n}\n", old: "func a() {\n  }  x", new: "y", mode: BlockAnchor, code: CodeNotFound},
		{name: "two equally similar blocks are ambiguous",
			content: "func a() {\n\tx := 1\n\ty := 2\n}\nfunc a() {\n\tx := 1\n\ty := 3\n}\n",
			old:     "func a() {\n\tx := 1\n\ty := 4\n}", new: "z", mode: BlockAnchor, code: CodeAmbiguous},
		{name: "context_aware refuses a block with too many differing lines",
			content: "a := one()\nb := two()\nc := three()\nd := four()\n",
			old:     "a := uno()\nb := dos()\nc := three()\nd := four()", new: "x", mode: ContextAware, code: CodeNotFound},
		{name: "context_aware recovers a misremembered first line",
			content: "x := 0\nresult := compute(alpha)\nvalue := transform(result)\nlog.Print(value)\nreturn value\n",
			old:     "result := compute(alpah)\nvalue := transform(result)\nlog.Print(value)\nreturn value", new: "return 1",
			want: "x := 0\nreturn 1\n", wantMode: ContextAware, mode: ContextAware},
		{name: "trimmed_boundary needs a line start when old claimed one",
			content: "x := foo()\n", old: "\n\nfoo()", new: "bar()", mode: TrimmedBoundary, code: CodeNotFound},
	})
}

func TestTolerantReplaceAllReplacesEveryMatch(t *testing.T) {
	content := "\tfoo(1)\n\tbar()\n\n\tfoo(1)\n\tbar()\n"
	got, applied, err := ApplyEdit(content, Edit{OldString: "foo(1)\n    bar()", NewString: "foo(2)\n    bar()", ReplaceAll: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := "\tfoo(2)\n\tbar()\n\n\tfoo(2)\n\tbar()\n"; got != want || applied.Replacements != 2 {
		t.Fatalf("got %q (%d replacements), want %q", got, applied.Replacements, want)
	}
}

func TestNotFoundHintShowsTheClosestRegionAndItsDifference(t *testing.T) {
	content := "package p\n\nfunc f() {\n\tx := 1\n\ty := 2\n\treturn\n}\n"
	_, _, err := ApplyEdit(content, Edit{OldString: "\tx := 1\n\ty := 3\n\treturn", NewString: "z", MatchMode: Exact})
	e, ok := err.(*Error)
	if !ok || e.Code != CodeNotFound {
		t.Fatalf("err = %v", err)
	}
	if len(e.Lines) != 2 || e.Lines[0] != 4 || e.Lines[1] != 6 {
		t.Fatalf("Lines = %v, want [4 6]: %s", e.Lines, e.Message)
	}
	for _, want := range []string{"lines 4-6", "2 of 3 lines agree", "line 5", `"→y·:=·2"`, `"→y·:=·3"`} {
		if !strings.Contains(e.Message, want) {
			t.Errorf("message lacks %q: %s", want, e.Message)
		}
	}
}

// blockFile holds two blocks from "begin" to "begin" that share line 5 and
// each differ from anchoredOld in one middle line.
const (
	blockFile   = "begin\nstep one\nstep two\nstep thre\nbegin\nstep one\nstep two\nstep three x\nbegin\n"
	anchoredOld = "begin\nstep one\nstep two\nstep three\nbegin"
	// tieOld matches both the 9-line and the 11-line block of tieFile
	// from line 1: equally close to its 10 lines.
	tieOld  = "start\nm1 := one()\nm2 := two()\nm3 := three()\nm4 := four()\nm5 := five()\nm6 := six()\nm7 := seven()\nm8 := eight()\nend"
	tieFile = "start\nm1 := one()\nm2 := two()\nm3 := three()\nm4 := four()\nm5 := five()\nm6 := six()\nm7 := seven()\nend\nm8 := eight()\nend\n"
)

// TestOverlappingMatchesAreAmbiguous checks that every tolerant strategy
// that can find overlapping regions gets them refused as ambiguous (with
// the first lines of both), with or without replace_all, and that auto
// stops there instead of trying a looser strategy. Exact scans left to
// right without overlap: "aa" in "aaa" is one match.
func TestOverlappingMatchesAreAmbiguous(t *testing.T) {
	runFuzzy(t, []fuzzyCase{
		{name: "exact: non-overlapping scan finds one match",
			content: "aaa", old: "aa", new: "b", mode: Exact, want: "ba"},
		{name: "exact: two disjoint occurrences are ambiguous",
			content: "aaaa", old: "aa", new: "b", mode: Exact, code: CodeAmbiguous, lines: []int{1, 1}},
		{name: "indentation_flexible: periodic block",
			content: "\tab()\n\tcd()\n\tab()\n\tcd()\n\tab()\n", old: "  ab()\n  cd()\n  ab()", new: "x",
			mode: IndentationFlexible, code: CodeAmbiguous, lines: []int{1, 3}},
		{name: "auto: periodic block",
			content: "\tab()\n\tcd()\n\tab()\n\tcd()\n\tab()\n", old: "  ab()\n  cd()\n  ab()", new: "x",
			code: CodeAmbiguous, lines: []int{1, 3}},
		{name: "auto: periodic block with replace_all",
			content: "\tab()\n\tcd()\n\tab()\n\tcd()\n\tab()\n", old: "  ab()\n  cd()\n  ab()", new: "x", all: true,
			code: CodeAmbiguous, lines: []int{1, 3}},
		{name: "line_trimmed: repeated line",
			content: "  ab()\n  ab()\n  ab()\n", old: "ab() \nab()", new: "x",
			mode: LineTrimmed, code: CodeAmbiguous, lines: []int{1, 2}},
		{name: "line_trimmed: whitespace twin overlapping the match",
			content: "a = 1\n  a = 1\na  =  1\n", old: "a = 1\na = 1", new: "x",
			mode: LineTrimmed, code: CodeAmbiguous, lines: []int{1, 2}},
		{name: "whitespace_normalized: repeated line",
			content: "x  =  1\nx = 1\nx =  1\n", old: "x = 1\nx = 1", new: "y",
			mode: WhitespaceNormalized, code: CodeAmbiguous, lines: []int{1, 2}},
		{name: "block_anchor: blocks sharing an anchor line",
			content: blockFile, old: anchoredOld, new: "x", mode: BlockAnchor, code: CodeAmbiguous, lines: []int{1, 5}},
		{name: "block_anchor: two lengths equally close",
			content: tieFile, old: tieOld, new: "x", mode: BlockAnchor, code: CodeAmbiguous, lines: []int{1, 1}},
		{name: "context_aware: blocks sharing a line",
			content: blockFile, old: anchoredOld, new: "x", mode: ContextAware, code: CodeAmbiguous, lines: []int{1, 5}},
		{name: "auto: blocks sharing an anchor line",
			content: blockFile, old: anchoredOld, new: "x", code: CodeAmbiguous, lines: []int{1, 5}},
	})
}
