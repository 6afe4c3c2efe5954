package engine

import (
	"strings"
	"testing"
)

// pyCont is a space-indented Python function with a continuation line
// aligned under the open parenthesis.
const pyCont = "def f():\n    x = call(a,\n             b)\n    return x\n"

// goCont is a tab-indented Go function with a continuation line aligned
// with spaces after the tabs, as gofmt leaves it.
const goCont = "func f() {\n\tif x {\n\t\ty(a,\n\t\t  b)\n\t}\n}\n"

// TestNewStringTakesTheFilesIndentCharacters: when old_string is indented with tabs and
// the file with spaces (or the reverse), every written line of new_string
// uses the file's indentation characters, aligned continuation lines
// included, whatever strategy matched (issue 11, class 3).
func TestNewStringTakesTheFilesIndentCharacters(t *testing.T) {
	runFuzzy(t, []fuzzyCase{
		{name: "tabs into a space file: new continuation column and deeper line",
			content: pyCont, old: "\tx = call(a,\n\t\t\t b)\n\treturn x",
			new:  "\tx = call(a,\n\t\t\t b,\n\t\t\t\t  c)\n\tif x:\n\t\treturn x",
			want: "def f():\n    x = call(a,\n             b,\n                  c)\n    if x:\n        return x\n"},
		{name: "tabs then spaces into a space file",
			content: pyCont, old: "\tx = call(a,\n\t         b)\n\treturn x",
			new:  "\tx = call(a,\n\t         b,\n\t          c)\n\treturn x",
			want: "def f():\n    x = call(a,\n             b,\n              c)\n    return x\n"},
		{name: "spaces into a tab file: aligned continuation stays tabs then spaces",
			content: goCont, old: "    if x {\n        y(a,\n          b)\n    }",
			new:  "    if x {\n        y(a,\n          b,\n            c)\n        z()\n    }",
			want: "func f() {\n\tif x {\n\t\ty(a,\n\t\t  b,\n\t\t    c)\n\t\tz()\n\t}\n}\n"},
		{name: "inconsistent old indentation (per-line transfer) into a space file",
			content: "def f():\n    if a:\n        b()\n    c()\n", old: "\tif a:\n\t\tb()\n\t\tc()",
			new:  "\tif a:\n\t\tb()\n\t\t\td()\n\t\tc()",
			want: "def f():\n    if a:\n        b()\n            d()\n    c()\n"},
		{name: "misremembered line (block_anchor) with tabs into a space file",
			content: "class A:\n    def m(self):\n        self.alpha = compute(1)\n        self.beta = compute(2)\n        self.gamma = compute(3)\n        return self\n",
			old:     "\tdef m(self):\n\t\tself.alpha = compute(1)\n\t\tself.beta = compute(22)\n\t\tself.gamma = compute(3)\n\t\treturn self",
			new:     "\tdef m(self):\n\t\tself.alpha = compute(1)\n\t\tif self.alpha:\n\t\t\tself.beta = compute(2)\n\t\tself.gamma = compute(3)\n\t\treturn self",
			want:    "class A:\n    def m(self):\n        self.alpha = compute(1)\n        if self.alpha:\n            self.beta = compute(2)\n        self.gamma = compute(3)\n        return self\n"},
	})
}

// TestIndentStyleNeverMixed checks the rule itself on every line: in the
// results of the cases above no line of a space file is indented with a
// tab, and no line of a tab file begins with a tab's worth of spaces.
func TestIndentStyleNeverMixed(t *testing.T) {
	cases := []struct{ content, old, new string }{
		{pyCont, "\tx = call(a,\n\t\t\t b)", "\tx = call(a,\n\t\t\t\t\t b,\n\t\t c)\n\t\t\t\td = 1"},
		{goCont, "        y(a,\n          b)", "        y(a,\n              b,\n   c)\n                z"},
	}
	for _, c := range cases {
		got, _, err := ApplyEdit(c.content, Edit{OldString: c.old, NewString: c.new})
		if err != nil {
			t.Fatalf("%q: %v", c.old, err)
		}
		tabFile := strings.Contains(c.content, "\n\t")
		for _, l := range strings.Split(got, "\n") {
			ws := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
			if (!tabFile && strings.Contains(ws, "\t")) || (tabFile && strings.HasPrefix(ws, "    ")) {
				t.Errorf("line %q mixes the caller's indentation into the file's:\n%s", l, got)
			}
		}
	}
}
