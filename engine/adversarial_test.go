package engine

import (
	"strings"
	"testing"
)

// TestAdversarialEditsLandRightOrAreRefused holds the cases bench/accuracy's adversarial
// categories found (go run ./bench/accuracy), each reduced to a few lines.
func TestAdversarialEditsLandRightOrAreRefused(t *testing.T) {
	const arms = "switch k {\ncase 1:\n\tname = \"one\"\n\tsize = computeSize(10)\n\tdone()\ncase 2:\n\tname = \"two\"\n\tsize = computeSize(20)\n\tdone()\n}\n"
	const goTabs = "func f() {\n\tif x {\n\t\ty()\n\t}\n}\n"
	runFuzzy(t, []fuzzyCase{
		{name: "hybrid: borrowed line with its inner whitespace changed",
			content: arms, old: "\tname = \"two\"\n\tsize  =  computeSize(10)\n\tdone()", new: "X", code: CodeAmbiguous, lines: []int{3, 7}},
		{name: "hybrid: borrowed line misremembered as well",
			content: arms + "func g() {\n\ta := alpha(1)\n\tb := beta(2)\n\tc := gamma(3)\n\treturn\n}\nfunc h() {\n\ta := alpha(1)\n\tb := beta(2)\n\tc := delta(4)\n\treturn\n}\n",
			old:     "func h() {\n\ta := alpha(1)\n\tb := beta(2)\n\tc := gmama(3)\n\treturn\n}", new: "X", code: CodeAmbiguous},
		{name: "escapes: backslashes doubled in old only, new repeats the file's own \\\\",
			content: "table = [\n    '\\\\',  # backslash\n    'a',\n]\n", old: "    '\\\\\\\\',  # backslash\n    'a',", new: "    '\\\\',  # backslash\n    'b',",
			want: "table = [\n    '\\\\',  # backslash\n    'b',\n]\n", wantMode: EscapeNormalized},
		{name: "under-escaped old (a real tab for the file's \\t) is not a misremembered block",
			content: "func f() {\n\tprintln(\"state:\\t\", x)\n\ty := compute(x)\n\tz := y + 1\n}\n",
			old:     "func f() {\n\tprintln(\"state:\t\", x)\n\ty := compute(x)\n\tz := y + 1\n}", new: "func f() {\n}", code: CodeNotFound},
		{name: "under-escaped old (a \\n written as a line break) is not a misremembered block",
			content: "lines := []string{\n\t\"first line\",\n\t\"\\n\",\n\t\"last line\",\n\t\"end\",\n}\n",
			old:     "lines := []string{\n\t\"first line\",\n\t\"\n\",\n\t\"last line\",\n\t\"end\",\n}", new: "x", code: CodeNotFound},
		{name: "over-escaped old under block_anchor is refused, not written at its level",
			content: "a := 1\nre := \"\\\\d+\"\nb := 2\nc := 3\n", old: "a := 1\nre := \"\\\\\\\\d+\"\nb := 2\nc := 3",
			new: "a := 1\nre := \"\\\\\\\\w+\"\nb := 2\nc := 3", mode: BlockAnchor, code: CodeNotFound},
		{name: "spaces shifted by a base level keep an unseen relative indentation",
			content: "class A:\n    def f(self):\n        return 1\n\n    def g(self):\n        return 2\n",
			old:     "        def f(self):\n            return 1\n\n        def gg(self):\n            return 2", new: "        def f(self):\n            if x:\n                return 1\n\n        def g(self):\n            return 2",
			want: "class A:\n    def f(self):\n        if x:\n            return 1\n\n    def g(self):\n        return 2\n"},
		{name: "trimmed_boundary: tab-indented old in a space file writes spaces",
			content: "def f():\n    a = 1\n    b = 2\n", old: "\ta = 1", new: "\ta = 1\n\tif b:\n\t\tb = 3",
			want: "def f():\n    a = 1\n    if b:\n        b = 3\n    b = 2\n", wantMode: TrimmedBoundary},
		{name: "region without indentation in a tab file: a new level is a tab",
			content: goTabs + "const src = `\n#include <x.h>\nint main() {\n\treturn 0;\n}\n`\n",
			old:     "\t#include <x.h>\n\tint main() {\n\t\trteurn 0;\n\t}", new: "\t#include <x.h>\n\tint main() {\n\t\treturn 1;\n\t}",
			want: goTabs + "const src = `\n#include <x.h>\nint main() {\n\treturn 1;\n}\n`\n"},
		{name: "tabs shifted by a base level: a line left of the base stays in tabs",
			content: "func f() {\n\tif a {\n\t\tif b {\n\t\t\tx()\n\t\t}\n\t} else {\n\t\ty()\n\t}\n}\n",
			old:     "\t\t\tif b {\n\t\t\t\tx()\n\t\t\t}\n\t\t} esle {\n\t\t\ty()", new: "\t\t\tif b {\n\t\t\t\tx()\n\t\t\t}\n\t\t} else {\n\t\t\tz()",
			want: "func f() {\n\tif a {\n\t\tif b {\n\t\t\tx()\n\t\t}\n\t} else {\n\t\tz()\n\t}\n}\n"},
		{name: "GNU-style region (tabs and spaces) shifted by a tab: the shift is undone",
			content: "template<typename T>\n    unordered_map(T a,\n\t\t  T b = {},\n\t\t  T c = {})\n    { }\n",
			old:     "\t    unordered_mpa(T a,\n\t\t\t  T b = {},\n\t\t\t  T c = {})\n\t    { }",
			new:     "\t    unordered_map(T a,\n\t\t\t  T b = {},\n\t\t\t  T c = {},\n\t\t\t  T d = {})\n\t    { }",
			want:    "template<typename T>\n    unordered_map(T a,\n\t\t  T b = {},\n\t\t  T c = {},\n\t\t  T d = {})\n    { }\n"},
		{name: "replace_all over two fuzzy matches: neither is the other's rival",
			content: "begin\nstep one\nstep two alpha\nend\nbegin\nstep one\nstep two alphb\nend\n",
			old:     "begin\nstep one\nstep two alphc\nend", new: "done", mode: BlockAnchor, all: true,
			want: "done\ndone\n"},
		{name: "every line at the base: a tab's width read from the bases",
			content: "/* Doc:\n   first line of the comment\n   second line of the comment\n */\nint x;\n",
			old:     "\t first line of the comment\n\t second line of the comment", new: "\t first line of the comment\n\t\t\t added\n\t second line of the comment",
			want: "/* Doc:\n   first line of the comment\n       added\n   second line of the comment\n */\nint x;\n"},
		{name: "space file with \" *\" comment lines: the step is not 1",
			content: "/*\n * doc\n */\nint f(int a,\n      int b);\n", old: "int f(int a,\n\t  int b);", new: "int f(int a,\n\t  int b,\n\t  int c);",
			want: "/*\n * doc\n */\nint f(int a,\n      int b,\n      int c);\n"},
	})
}

// TestHybridTieNeedsSimilarity: a rival that explains as many lines is
// not a tie when the match's differing line is much closer to old's.
func TestHybridTieNeedsSimilarity(t *testing.T) {
	content := "}\n\n// GENERATED\n\nfunc sendto(s int, buf []byte, to unsafe.Pointer) (err error) {\n\tvar _p0 unsafe.Pointer\n\treturn\n}\n\n// GENERATED\n\nfunc recvfrom(fd int, p []byte, from *RawSockaddrAny) (n int) {\n\tvar _p0 unsafe.Pointer\n\treturn\n}\n"
	old := "}\n\n// GENERATED\n\nfunc recvfrom(fd int, p []byte, from *RawSockaddrAyn) (n int) {\n\tvar _p0 unsafe.Pointer"
	got, _, err := ApplyEdit(content, Edit{OldString: old, NewString: strings.Replace(old, "Ayn", "Any", 1) + "\n\t_ = 1"})
	if err != nil || !strings.Contains(got, "from *RawSockaddrAny) (n int) {\n\tvar _p0 unsafe.Pointer\n\t_ = 1") {
		t.Fatalf("err %v, got:\n%s", err, got)
	}
}
