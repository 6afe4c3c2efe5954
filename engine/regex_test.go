package engine

import (
	"errors"
	"slices"
	"testing"
)

func TestApplyRegexExpandsGroupsInEveryMatch(t *testing.T) {
	tests := []struct {
		name, content, pattern, replace, want string
		count                                 int
		lines                                 []int
	}{
		{"numbered groups", "a := errors.Wrap(err, \"open\")\n",
			`errors\.Wrap\((\w+), "([^"]*)"\)`, `fmt.Errorf("$2: %w", $1)`,
			"a := fmt.Errorf(\"open: %w\", err)\n", 1, []int{1}},
		{"named groups", "x=1\ny=2\n", `(?m)^(?P<k>\w)=(?P<v>\d)$`, `${v}=${k}`, "1=x\n2=y\n", 2, []int{1, 2}},
		{"dollar escape", "cost 5\n", `(\d+)`, `$$$1`, "cost $5\n", 1, []int{1}},
		{"every match", "foo foo\nfoo\n", `foo`, `bar`, "bar bar\nbar\n", 3, []int{1, 1, 2}},
		{"LF pattern matches CRLF file", "a\r\nb\r\n", `a\nb`, "x\ny", "x\r\ny\r\n", 1, []int{1}},
		{"CRLF kept around matches", "one\r\ntwo\r\n", `two`, `2`, "one\r\n2\r\n", 1, []int{2}},
		{"end anchor before CR", "k\r\n", `(?m)k$`, `v`, "v\r\n", 1, []int{1}},
		{"BOM kept", "\uFEFFold\n", `^old`, `new`, "\uFEFFnew\n", 1, []int{1}},
		{"no final-newline adjustment", "a\nb\n", `b\n`, `c`, "a\nc", 1, []int{2}},
		{"deletion", "keep drop keep\n", ` drop`, ``, "keep keep\n", 1, []int{1}},
		{"prefix every line: none after the final newline", "a\nb\n", `(?m)^`, "> ", "> a\n> b\n", 2, []int{1, 2}},
		{"suffix every line of a CRLF file", "a\r\nb\r\n", `(?m)$`, ";", "a;\r\nb;\r\n", 2, []int{1, 2}},
		{"last line without newline is a line", "a\nb", `(?m)$`, ";", "a;\nb;", 2, []int{1, 2}},
		{"BOM and final newline", "\uFEFFa\n", `(?m)^`, "# ", "\uFEFF# a\n", 1, []int{1}},
		{"the final line break can be matched", "a\n", `\n\z`, "\nend\n", "a\nend\n", 1, []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := CompileRegex(tt.pattern, tt.replace)
			if err != nil {
				t.Fatal(err)
			}
			got, a, err := ApplyRegex(tt.content, e)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("content = %q, want %q", got, tt.want)
			}
			if a.Replacements != tt.count || a.MatchMode != Regex || !a.Changed {
				t.Errorf("applied = %+v, want %d replacements", a, tt.count)
			}
			if !slices.Equal(a.Lines, tt.lines) {
				t.Errorf("lines = %v, want %v", a.Lines, tt.lines)
			}
		})
	}
}

func TestApplyRegexRefusesBadPatternsAndNoMatch(t *testing.T) {
	if _, err := CompileRegex(`a(`, "x"); !errors.Is(err, &Error{Code: CodeInvalidInput}) {
		t.Errorf("bad pattern: err = %v, want invalid_input", err)
	}
	e, _ := CompileRegex(`zzz`, "x")
	got, _, err := ApplyRegex("abc\n", e)
	if !errors.Is(err, &Error{Code: CodeNotFound}) || got != "abc\n" {
		t.Errorf("no match: got %q, %v; want content unchanged and not_found", got, err)
	}
	if _, _, err := ApplyRegex("abc", RegexEdit{}); !errors.Is(err, &Error{Code: CodeInvalidInput}) {
		t.Errorf("nil pattern: err = %v, want invalid_input", err)
	}
	if _, err := ParseMatchMode(string(Regex)); err == nil {
		t.Error("regex must not be a match mode a request can name")
	}
}

func TestRegexLiteralHintIsThePatternsLiteralPrefix(t *testing.T) {
	tests := []struct{ pattern, want string }{
		{`errors\.Wrap\(`, "errors.Wrap("},
		{`foo\nbar`, "foo"},
		{`(?i)foo`, ""},
		{`\w+`, ""},
		{`abc(d|e)`, "abc"},
	}
	for _, tt := range tests {
		e, err := CompileRegex(tt.pattern, "")
		if err != nil {
			t.Fatal(err)
		}
		if got := e.LiteralHint(); got != tt.want {
			t.Errorf("LiteralHint(%q) = %q, want %q", tt.pattern, got, tt.want)
		}
	}
}

// After a final line break (and in an empty file) there is no line: a
// regex that only matches the empty string there matches nothing.
func TestApplyRegexSeesNoLineAfterTheFinalNewline(t *testing.T) {
	for _, content := range []string{"a\n", ""} {
		e, err := CompileRegex(`\z`, "tail")
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := ApplyRegex(content, e); !errors.Is(err, &Error{Code: CodeNotFound}) {
			t.Errorf("%q: err = %v, want not_found", content, err)
		}
	}
}
