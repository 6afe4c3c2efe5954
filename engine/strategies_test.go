package engine

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

// fuzzyCase is one tolerant edit and what it must produce.
type fuzzyCase struct {
	name     string
	content  string
	old, new string
	mode     MatchMode
	all      bool
	want     string    // result content when the edit applies
	wantMode MatchMode // strategy that must report the match
	code     Code      // error code when the edit must be refused
	lines    []int     // Error.Lines when code is set (nil: not checked)
}

// runFuzzy applies each case through ApplyEdit and judges the result.
func runFuzzy(t *testing.T, cases []fuzzyCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			got, applied, err := ApplyEdit(tt.content, Edit{OldString: tt.old, NewString: tt.new, MatchMode: tt.mode, ReplaceAll: tt.all})
			if tt.code != "" {
				var e *Error
				if !errors.As(err, &e) || e.Code != tt.code {
					t.Fatalf("err = %v, want code %s (result %q)", err, tt.code, got)
				}
				if tt.lines != nil && !reflect.DeepEqual(e.Lines, tt.lines) {
					t.Fatalf("Lines = %v, want %v (%s)", e.Lines, tt.lines, e.Message)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if got != tt.want {
				t.Fatalf("content:\n%s\nwant:\n%s", got, tt.want)
			}
			if tt.wantMode != "" && applied.MatchMode != tt.wantMode {
				t.Fatalf("mode = %s, want %s", applied.MatchMode, tt.wantMode)
			}
		})
	}
}

// goFile is a tab-indented Go file used by several cases.
const goFile = "package p\n\nfunc f(x int) int {\n\tif x > 0 {\n\t\treturn x\n\t}\n\treturn -x\n}\n"

func TestAutoRecoversAndReindents(t *testing.T) {
	runFuzzy(t, []fuzzyCase{
		{name: "indent off by a level, new in old's frame",
			content: goFile, old: "if x > 0 {\n\treturn x\n}", new: "if x > 1 {\n\treturn x\n}",
			want: strings.Replace(goFile, "x > 0", "x > 1", 1), wantMode: IndentationFlexible},
		{name: "indent off, new already in file frame",
			content: goFile, old: "\t\tif x > 0 {\n\t\t\treturn x\n\t\t}", new: "\tif x > 1 {\n\t\treturn x\n\t}",
			want: strings.Replace(goFile, "x > 0", "x > 1", 1), wantMode: IndentationFlexible},
		{name: "spaces for tabs, new adds a nested line",
			content: goFile, old: "    if x > 0 {\n        return x\n    }", new: "    if x > 0 {\n        x++\n        return x\n    }",
			want: strings.Replace(goFile, "\t\treturn x\n", "\t\tx++\n\t\treturn x\n", 1), wantMode: IndentationFlexible},
		{name: "trailing whitespace in old and new",
			content: goFile, old: "\tif x > 0 {  \n\t\treturn x\n\t}", new: "\tif x > 2 {  \n\t\treturn x\n\t}",
			want: strings.Replace(goFile, "x > 0", "x > 2", 1), wantMode: LineTrimmed},
		{name: "inner whitespace",
			content: goFile, old: "return  -x", new: "return x",
			want: strings.Replace(goFile, "-x", "x", 1), wantMode: WhitespaceNormalized},
		{name: "surrounding blank lines the file lacks",
			content: goFile, old: "\n\treturn -x\n}\n\n", new: "\n\treturn 0\n}\n\n",
			want: strings.Replace(goFile, "-x", "0", 1), wantMode: TrimmedBoundary},
		{name: "typographic quotes in old and new",
			content: "s := \"it's\"\n", old: "s := “it’s”", new: "s := “it’s not”",
			want: "s := \"it's not\"\n", wantMode: UnicodeNormalized},
		{name: "file uses curly quotes, agent wrote ASCII",
			content: "// Say “hello” to them.\n", old: `// Say "hello" to them.`, new: `// Say "bye" to "them".`,
			want: "// Say “bye” to “them”.\n", wantMode: UnicodeNormalized},
		{name: "escaped twice",
			content: "fmt.Println(\"a\")\nx := 1\n", old: `fmt.Println(\"a\")\nx := 1`, new: `fmt.Println(\"b\")\nx := 1`,
			want: "fmt.Println(\"b\")\nx := 1\n", wantMode: EscapeNormalized},
		{name: "escaped old, raw new",
			content: "fmt.Println(\"a\")\nx := 1\n", old: `fmt.Println(\"a\")\nx := 1`, new: "fmt.Println(\"b\\n\")\nx := 1",
			want: "fmt.Println(\"b\\n\")\nx := 1\n", wantMode: EscapeNormalized},
		{name: "misremembered middle line",
			content: "func g() {\n\ta := compute(1, 2)\n\tb := transform(a)\n\tlog.Print(b)\n}\n",
			old:     "func g() {\n\ta := compute(1, 2)\n\tb := transfrom(a)\n\tlog.Print(b)\n}",
			new:     "func g() {\n\ta := compute(1, 3)\n\tb := transform(a)\n\tlog.Print(b)\n}",
			want:    "func g() {\n\ta := compute(1, 3)\n\tb := transform(a)\n\tlog.Print(b)\n}\n", wantMode: BlockAnchor},
	})
}
