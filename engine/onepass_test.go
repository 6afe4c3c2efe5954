package engine

import (
	"fmt"
	"math/rand/v2"
	"regexp"
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

// A replacement that creates a later edit's old string, and edits too
// close to each other, fall back to the edits in order.
func TestOnePassRefusesWhatItCannotProve(t *testing.T) {
	content := "alpha beta gamma delta\n"
	_, ok := applyInOnePass(content, []Edit{{OldString: "alpha", NewString: "zeta"}, {OldString: "zeta", NewString: "eta"}})
	require.False(t, ok, "the first edit creates the second's old string")
	_, ok = applyInOnePass(content, []Edit{{OldString: "alpha", NewString: "A"}, {OldString: "beta", NewString: "B"}})
	require.False(t, ok, "one byte apart with a longest old string of five")
	out, ok := applyInOnePass(content, []Edit{{OldString: "alpha", NewString: "A"}, {OldString: "delta\n", NewString: "D"}})
	require.True(t, ok)
	require.Equal(t, "A beta gamma D\n", out.Content, "the end of the file keeps its final newline")
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
