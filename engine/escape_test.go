package engine

import "testing"

// TestNewStringIsDecodedOnlyAtOldStringsExtraEscapeLevel: new_string is decoded only when it shows
// old_string's extra level of escaping; written at the file's level it is
// inserted as given, and when its level cannot be told the edit is
// refused (issue 11, class 2). goSrc holds escapes of its own (`\t`
// inside a string literal).
func TestNewStringIsDecodedOnlyAtOldStringsExtraEscapeLevel(t *testing.T) {
	const goSrc = "s := \"a\\tb\"\nt := 1\n"
	runFuzzy(t, []fuzzyCase{
		{name: "both over-escaped",
			content: goSrc, old: `s := \"a\\tb\"\nt := 1`, new: `s := \"a\\tc\"\nt := 2`,
			want: "s := \"a\\tc\"\nt := 2\n", wantMode: EscapeNormalized},
		{name: "only old over-escaped, new at the file's level",
			content: goSrc, old: `s := "a\\tb"`, new: `s := "a\tc"`,
			want: "s := \"a\\tc\"\nt := 1\n", wantMode: EscapeNormalized},
		{name: "only old over-escaped, new multi-line at the file's level",
			content: "fmt.Printf(\"x\\n\")\nt := 1\n", old: `fmt.Printf(\"x\\n\")\nt := 1`, new: "fmt.Printf(\"y\\n\")\nt := 2",
			want: "fmt.Printf(\"y\\n\")\nt := 2\n", wantMode: EscapeNormalized},
		{name: "only old over-escaped, new with quotes at the file's level",
			content: "say(\"hi\\n\")\n", old: `say(\"hi\\n\")`, new: `say("bye\n")`,
			want: "say(\"bye\\n\")\n", wantMode: EscapeNormalized},
		{name: "only new over-escaped: old matches exactly, new is taken as written",
			content: goSrc, old: `s := "a\tb"`, new: `s := \"a\\tc\"`,
			want: "s := \\\"a\\\\tc\\\"\nt := 1\n", wantMode: Exact},
		{name: "under-escaped old matches nothing",
			content: "re := \"\\\\d+\\\\t\"\n", old: `re := "\d+\t"`, new: `re := "\d+"`, code: CodeNotFound},
		{name: "under-escaped old is never decoded into a line break elsewhere",
			content: "p := \"a\\\\n\"\nq := \"a\n\"\n", old: `p := "a\n"`, new: `p := "b\n"`, code: CodeNotFound},
		{name: "new mixes both levels: refused",
			content: goSrc, old: `s := \"a\\tb\"`, new: `s := "a\\tc"`, code: CodeAmbiguous, lines: []int{1}},
		{name: "new's level cannot be told: refused",
			content: "one\ntwo\n", old: `one\ntwo`, new: `x\ty`, code: CodeAmbiguous, lines: []int{1}},
	})
}
