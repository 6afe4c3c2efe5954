package onepass

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// sequential applies the edits one by one as engine's exact match does
// (non-overlapping occurrences, exactly one needed; a replacement that
// ends the text takes its final-newline state): the reference.
func sequential(content string, edits []Edit) (Result, bool) {
	r := Result{}
	for _, e := range edits {
		if strings.Count(content, e.Old) != 1 {
			return Result{}, false
		}
		i := strings.Index(content, e.Old)
		ins := e.New
		if i+len(e.Old) == len(content) {
			ins = keepFinal(ins, strings.HasSuffix(content, "\n"))
		}
		r.Lines = append(r.Lines, 1+strings.Count(content[:i], "\n"))
		r.Changed = append(r.Changed, ins != e.Old)
		content = content[:i] + ins + content[i+len(e.Old):]
	}
	r.Content = content
	return r, true
}

// randomEdits builds a file of short numbered lines and edits of whole
// lines (with or without their line break), pieces of lines, several
// lines at once (overlapping other edits), in file order or not, whose
// replacements may be empty, hold line breaks, or copy other lines and
// old strings (so that they may create a later edit's match).
func randomEdits(rng *rand.Rand) (string, []Edit) {
	words := []string{"a", "b", "ab", "=", " ", "\n", "x1", "1"}
	lines := make([]string, 1+rng.IntN(30))
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
	var edits []Edit
	for _, i := range order[:1+rng.IntN(len(order))] {
		at := strings.Index(content, lines[i])
		from, to := at, at+len(lines[i])
		switch rng.IntN(5) {
		case 1:
			to++
		case 2:
			from += rng.IntN(to - from)
		case 3:
			to += 1 + rng.IntN(8)
		case 4:
			from--
		}
		var b strings.Builder
		for n := rng.IntN(4); n > 0; n-- {
			b.WriteString(words[rng.IntN(len(words))])
		}
		if rng.IntN(4) == 0 {
			b.WriteString(lines[rng.IntN(len(lines))])
		}
		if len(edits) > 0 && rng.IntN(5) == 0 {
			b.WriteString(edits[rng.IntN(len(edits))].Old)
		}
		edits = append(edits, Edit{Old: content[max(0, from):min(len(content), to)], New: b.String()})
	}
	return content, edits
}

// Apply, by hash and by suffix array, whenever it claims a result, gives
// what the edits in order give, and claims one often.
func TestApplyEqualsSequential(t *testing.T) {
	defer func(n int) { maxHashLengths = n }(maxHashLengths)
	for _, lengths := range []int{16, 0} {
		maxHashLengths = lengths
		rng := rand.New(rand.NewPCG(5, uint64(lengths)))
		taken, rounds := 0, 20000
		for round := 0; round < rounds; round++ {
			content, edits := randomEdits(rng)
			got, ok := Apply(content, edits)
			if !ok {
				continue
			}
			taken++
			want, seqOK := sequential(content, edits)
			if !seqOK || !reflect.DeepEqual(got, want) {
				t.Fatalf("lengths %d, round %d: content %q edits %q\ngot  %+v\nwant %+v (%v)", lengths, round, content, edits, got, want, seqOK)
			}
		}
		if taken < rounds/10 {
			t.Errorf("lengths %d: the one pass took %d of %d rounds", lengths, taken, rounds)
		}
	}
}

// Edits of adjacent lines of many lengths (the suffix array's path)
// whose replacements hold their own old string: each Old is met in its
// neighbours' windows as well, which must not exhaust the lookups'
// budget and send the edits back to the slow path.
func TestManyLengthsOfAdjacentLinesTakeTheOnePass(t *testing.T) {
	var b strings.Builder
	var edits []Edit
	for i := range 400 {
		line := strconv.Itoa(1000+i) + ": v = f();" + strings.Repeat("x", (i%2)*(i%80))
		b.WriteString(line + "\n")
		edits = append(edits, Edit{Old: line, New: "y" + line})
	}
	got, ok := Apply(b.String(), edits)
	if !ok {
		t.Fatal("the one pass refused")
	}
	want, _ := sequential(b.String(), edits)
	if !reflect.DeepEqual(got, want) {
		t.Fatal("the one pass differs from the edits in order")
	}
}
