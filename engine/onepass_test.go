package engine

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// randomMultiEdit builds a file of random lines and edits that replace
// random pieces of it (usually unique, sometimes not, sometimes close or
// overlapping) by random text that may contain other edits' old strings.
func randomMultiEdit(rng *rand.Rand) (string, []Edit) {
	words := []string{"a", "ab", "foo", "bar", "baz", "x", "item", "\n", " ", "é", "end", "\t"}
	var b strings.Builder
	for i := rng.IntN(400); i >= 0; i-- {
		b.WriteString(words[rng.IntN(len(words))])
		if rng.IntN(6) == 0 {
			fmt.Fprintf(&b, "%d", rng.IntN(1000))
		}
	}
	content := b.String()
	if rng.IntN(3) == 0 {
		content += "\n"
	}
	n := 1 + rng.IntN(24)
	edits := make([]Edit, n)
	for k := range edits {
		if content == "" {
			content = "seed"
		}
		start := rng.IntN(len(content))
		end := min(len(content), start+1+rng.IntN(12))
		edits[k] = Edit{OldString: content[start:end], NewString: randomNew(rng, words, edits[:k])}
		if rng.IntN(10) == 0 {
			edits[k].MatchMode = Exact
		}
	}
	return content, edits
}

// randomNew is replacement text: words, and sometimes an earlier or a
// piece of some old string, so that a replacement may create a match.
func randomNew(rng *rand.Rand, words []string, earlier []Edit) string {
	var b strings.Builder
	for i := rng.IntN(4); i > 0; i-- {
		b.WriteString(words[rng.IntN(len(words))])
	}
	if len(earlier) > 0 && rng.IntN(4) == 0 {
		old := earlier[rng.IntN(len(earlier))].OldString
		b.WriteString(old[:1+rng.IntN(len(old))])
	}
	return b.String()
}

// The one-pass path, whenever it claims a result, gives exactly what
// applying the edits one by one gives (content, lines, counts, modes),
// and the sequential reference succeeds there too.
func TestOnePassEqualsSequential(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	taken := 0
	rounds := 20000
	if testing.Short() {
		rounds = 3000
	}
	for round := 0; round < rounds; round++ {
		content, edits := randomMultiEdit(rng)
		fast, ok := applyInOnePass(content, edits)
		ref, err := applyInOrder(content, edits, false)
		if !ok {
			continue
		}
		taken++
		require.NoError(t, err, "round %d: the one pass succeeded where the edits in order fail\ncontent %q\nedits %+v", round, content, edits)
		require.Equal(t, ref, fast, "round %d\ncontent %q\nedits %+v", round, content, edits)
	}
	require.Greater(t, taken, rounds/20, "the one-pass path must be exercised")
}

// A replacement that creates a later edit's old string, and edits that
// overlap, fall back to the edits in order; edits on adjacent lines (one
// byte apart, or touching) are applied in the one pass.
func TestOnePassRefusesWhatItCannotProve(t *testing.T) {
	content := "alpha beta gamma delta\n"
	_, ok := applyInOnePass(content, []Edit{{OldString: "alpha", NewString: "zeta"}, {OldString: "zeta", NewString: "eta"}})
	require.False(t, ok, "the first edit creates the second's old string")
	_, ok = applyInOnePass(content, []Edit{{OldString: "alpha", NewString: "A"}, {OldString: "beta", NewString: "B"}, {OldString: "A B", NewString: "C"}})
	require.False(t, ok, "the third edit's old string is made by the first two")
	_, ok = applyInOnePass(content, []Edit{{OldString: "alpha beta", NewString: "A"}, {OldString: "beta gamma", NewString: "B"}})
	require.False(t, ok, "overlapping regions")
	out, ok := applyInOnePass(content, []Edit{{OldString: "alpha", NewString: "A"}, {OldString: "beta", NewString: "B"}})
	require.True(t, ok, "one byte apart")
	require.Equal(t, "A B gamma delta\n", out.Content)
	out, ok = applyInOnePass(content, []Edit{{OldString: "alpha", NewString: "A"}, {OldString: "delta\n", NewString: "D"}})
	require.True(t, ok)
	require.Equal(t, "A beta gamma D\n", out.Content, "the end of the file keeps its final newline")
	out, ok = applyInOnePass("a1\nb2\nc3\n", []Edit{{OldString: "c3\n", NewString: ""}, {OldString: "b2\n", NewString: "B"}})
	require.True(t, ok, "touching regions")
	require.Equal(t, "a1\nB\n", out.Content, "b2 ends the file once c3 is deleted: it keeps the final newline")
}

// randomAdjacentEdits builds a file of short numbered lines and edits of
// whole lines (with or without their line break), pieces of lines, two
// lines at once (overlapping other edits), in file order or not, whose
// replacements may be empty, hold line breaks, or copy other lines and
// old strings (so that they may create a later edit's match).
func randomAdjacentEdits(rng *rand.Rand) (string, []Edit) {
	words := []string{"a", "b", "ab", "=", " ", "\n", "x1", "1"}
	lines := make([]string, 2+rng.IntN(30))
	for i := range lines {
		lines[i] = words[rng.IntN(len(words)-1)] + strconv.Itoa(i) + words[rng.IntN(3)]
	}
	content := strings.Join(lines, "\n")
	if rng.IntN(3) > 0 {
		content += "\n"
	}
	order := rng.Perm(len(lines))
	if rng.IntN(2) == 0 {
		slices.Sort(order)
	}
	edits := make([]Edit, 0, len(order))
	for _, i := range order[:1+rng.IntN(len(order))] {
		old := lines[i]
		switch at := strings.Index(content, old); rng.IntN(6) {
		case 1, 2:
			old = content[at:min(len(content), at+len(old)+1)]
		case 3:
			old = old[rng.IntN(len(old)):]
		case 4:
			old = content[at:min(len(content), at+len(old)+1+rng.IntN(6))]
		case 5:
			old = content[max(0, at-1) : at+len(old)]
		}
		var b strings.Builder
		for n := rng.IntN(4); n > 0; n-- {
			b.WriteString(words[rng.IntN(len(words))])
		}
		if rng.IntN(4) == 0 {
			b.WriteString(lines[rng.IntN(len(lines))])
		}
		if len(edits) > 0 && rng.IntN(5) == 0 {
			b.WriteString(edits[rng.IntN(len(edits))].OldString)
		}
		edits = append(edits, Edit{OldString: old, NewString: b.String()})
	}
	return content, edits
}

// The one pass on adjacent, touching and overlapping edits, whenever it
// claims a result, gives exactly what the edits in order give (content,
// lines, counts, modes, changed), on random inputs.
func TestOnePassOnAdjacentLinesEqualsSequential(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	taken, rounds := 0, 30000
	if testing.Short() {
		rounds = 5000
	}
	for round := 0; round < rounds; round++ {
		content, edits := randomAdjacentEdits(rng)
		fast, ok := applyInOnePass(content, edits)
		if !ok {
			continue
		}
		taken++
		ref, err := applyInOrder(content, edits, false)
		require.NoError(t, err, "round %d: the one pass succeeded where the edits in order fail\ncontent %q\nedits %q", round, content, edits)
		require.Equal(t, ref, fast, "round %d\ncontent %q\nedits %q", round, content, edits)
	}
	t.Logf("taken %d of %d", taken, rounds)
	require.Greater(t, taken, rounds/10, "the one-pass path must be exercised")
}

// A regex with more matches in one file than MaxRegexMatches is refused
// (unsupported) instead of holding every match in memory; at the bound it
// still applies.
func TestRegexMatchesAreBounded(t *testing.T) {
	e := RegexEdit{Pattern: regexp.MustCompile(`x`), Replace: "y"}
	_, a, err := ApplyRegex(strings.Repeat("x", MaxRegexMatches), e)
	require.NoError(t, err)
	require.Equal(t, MaxRegexMatches, a.Replacements)
	_, _, err = ApplyRegex(strings.Repeat("x", MaxRegexMatches+1), e)
	require.ErrorIs(t, err, &Error{Code: CodeUnsupported})
}
