package engine

import (
	"errors"
	"strings"
	"testing"
)

// caseArms is a switch whose two arms share their first and last lines
// and all but two middle lines.
const caseArms = "func a() {\n\tswitch x {\n\tcase 1:\n\t\tfoo := compute(a)\n\t\tbar(foo, 1)\n\t\tlog.Print(\"one\")\n\t\treturn foo\n" +
	"\tcase 2:\n\t\tfoo := compute(b)\n\t\tbar(foo, 2)\n\t\tlog.Print(\"two\")\n\t\treturn foo\n\t}\n}\n"

// twoMethods holds two methods with the same first line (Python classes).
const twoMethods = "class A:\n    def run(self):\n        self.open()\n        self.step(1)\n        self.check(\"a\")\n        self.close()\n        return self.result\n\n" +
	"class B:\n    def run(self):\n        self.open()\n        self.step(2)\n        self.check(\"b\")\n        self.close()\n        return self.result\n"

// TestHybridBlocksAreAmbiguous: an old_string whose lines mix two similar
// regions is refused as ambiguous naming both, whatever strategy would
// have accepted one of them (issue 11, class 1).
func TestHybridBlocksAreAmbiguous(t *testing.T) {
	runFuzzy(t, []fuzzyCase{
		{name: "case arm B with one line of arm A (block_anchor)",
			content: caseArms, old: "\t\tfoo := compute(b)\n\t\tbar(foo, 1)\n\t\tlog.Print(\"two\")\n\t\treturn foo", new: "X",
			code: CodeAmbiguous, lines: []int{4, 9}},
		{name: "same with block_anchor asked for",
			content: caseArms, old: "\t\tfoo := compute(b)\n\t\tbar(foo, 1)\n\t\tlog.Print(\"two\")\n\t\treturn foo", new: "X",
			mode: BlockAnchor, code: CodeAmbiguous, lines: []int{4, 9}},
		{name: "case arm with its label, one line from the other arm (context_aware)",
			content: caseArms, old: "\tcase 2:\n\t\tfoo := compute(b)\n\t\tbar(foo, 2)\n\t\tlog.Print(\"one\")\n\t\treturn foo", new: "X",
			code: CodeAmbiguous, lines: []int{3, 8}},
		{name: "method of B with a line of A's method, same first line",
			content: twoMethods, old: "    def run(self):\n        self.open()\n        self.step(2)\n        self.check(\"a\")\n        self.close()\n        return self.result",
			new: "X", code: CodeAmbiguous, lines: []int{2, 10}},
		{name: "whitespace_normalized hybrid: aligned line copied from the other block",
			content: "a := T{\n\tname:  \"x\",\n\tvalue: 1,\n\tsize:  2,\n}\nb := T{\n\tname: \"y\",\n\tvalue: 1,\n\tsize: 2,\n}\n",
			old:     "\tname: \"y\",\n\tvalue: 1,\n\tsize:  2,", new: "X", code: CodeAmbiguous, lines: []int{2, 7}},
		{name: "decoy without a borrowed line still matches the closer block",
			content: caseArms, old: "\t\tfoo := compute(b)\n\t\tbar(foo, 2)\n\t\tlog.Print(\"twoo\")\n\t\treturn foo", new: "\t\treturn 0",
			want:     strings.Replace(caseArms, "\t\tfoo := compute(b)\n\t\tbar(foo, 2)\n\t\tlog.Print(\"two\")\n\t\treturn foo", "\t\treturn 0", 1),
			wantMode: BlockAnchor},
	})
}

// TestHybridMessageNamesBothRegions checks the refusal's wording.
func TestHybridMessageNamesBothRegions(t *testing.T) {
	_, _, err := ApplyEdit(caseArms, Edit{OldString: "\t\tfoo := compute(b)\n\t\tbar(foo, 1)\n\t\tlog.Print(\"two\")\n\t\treturn foo", NewString: "X"})
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("err = %v", err)
	}
	for _, want := range []string{"lines 9-12", "lines 4-7", "line 5"} {
		if !strings.Contains(e.Message, want) {
			t.Errorf("message lacks %q: %s", want, e.Message)
		}
	}
}
