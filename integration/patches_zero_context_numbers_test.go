package integration

import (
	"bytes"
	"slices"
	"testing"

	"github.com/gitedit/gitedit/fixtures/patchfuzz"
)

// TestZeroContextHunksGoWhereGitApplyPutsThem: in a -U0 diff whose hunk
// numbers disagree with each other (a hunk's new start is not its old
// start moved by the earlier hunks' counts: a count changed by hand, or
// hunks out of order), git apply --unidiff-zero puts each hunk at its new
// start in the file as the earlier hunks left it. gitedit put it at its
// old start moved by the earlier hunks' counts, and so added lines
// elsewhere than git (found by the patch fuzzer: 29 of 3,166 patches).
// Each -U0 seed with two hunks or more is tried with every hunk count
// changed and every pair of neighbouring hunks swapped: the same result
// as git, or a refusal (a -U0 hunk applies at its line only).
func TestZeroContextHunksGoWhereGitApplyPutsThem(t *testing.T) {
	g := theRig(t)
	kinds := patchfuzz.Kinds()
	tried := 0
	for i, c := range g.cases {
		if c.Context != 0 || bytes.Count(c.Patch, []byte("\n@@ ")) < 2 {
			continue
		}
		for _, kind := range []string{"hunks-reordered", "hunk-count-changed"} {
			seen := map[string]bool{}
			for pos := 0; pos < 24; pos++ {
				_, p := patchfuzz.Mutate(c.Patch, slices.Index(kinds, kind), pos)
				if p == nil || seen[string(p)] {
					continue
				}
				seen[string(p)] = true
				tried++
				o := g.trial(t, i, p)
				if o.Kind == patchfuzz.Differ || o.Kind == patchfuzz.WeAppliedGitRefused {
					t.Errorf("%s, %s #%d: %s\ngit: %s\n%s", c.Name, kind, pos, o.Kind, o.Git, o.Detail)
				}
			}
		}
	}
	if tried < 20 {
		t.Fatalf("only %d patches tried: -U0 seeds with several hunks missing", tried)
	}
	t.Logf("%d damaged -U0 patches", tried)
}
