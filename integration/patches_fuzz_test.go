package integration

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/fixtures/patchfuzz"
)

// The patch fuzzer (docs/reference.md#testing): real git diffs from the
// history of public repositories (testdata/patchfuzz, written by
// `go run ./bench/patchfuzz -seeds`), damaged the way patches sent by
// models and people are damaged (fixtures/patchfuzz), are applied by `git
// apply --index` and by `gitedit patch` to identical repositories holding
// the files the diff was made from. Both must give the same working tree
// and index, or both refuse; a refusal of gitedit leaves files, index and
// refs byte-identical. gitedit may refuse what git applies only for the
// documented reasons of knownRefusals.

// patchCorpus is the folder of the seed cases.
const patchCorpus = "testdata/patchfuzz"

// fuzzRig holds the seed cases and their repositories, made once per
// test process (a fuzzing worker is one) and reused: a trial replaces
// only a working copy a patch changed.
type fuzzRig struct {
	mu      sync.Mutex
	cases   []*patchfuzz.Case
	runner  *patchfuzz.Runner
	targets map[int]*patchfuzz.Target
}

var (
	rigOnce sync.Once
	rig     *fuzzRig
	rigErr  error
)

// theRig loads the corpus and prepares the runner, once.
func theRig(t testing.TB) *fuzzRig {
	rigOnce.Do(func() {
		var cases []*patchfuzz.Case
		if cases, rigErr = patchfuzz.Load(patchCorpus); rigErr != nil {
			return
		}
		// Under the binary's folder, which TestMain removes.
		dir := filepath.Join(filepath.Dir(binary), "patchfuzz")
		home := filepath.Join(dir, "home")
		if rigErr = os.MkdirAll(home, 0o755); rigErr != nil {
			return
		}
		r := &patchfuzz.Runner{Gitedit: binary, Env: fixtures.Env(home), Dir: dir}
		rig = &fuzzRig{cases: cases, runner: r, targets: map[int]*patchfuzz.Target{}}
	})
	if rigErr != nil {
		t.Fatal(rigErr)
	}
	if len(rig.cases) < 20 {
		t.Fatalf("%d seed cases in %s, want at least 20", len(rig.cases), patchCorpus)
	}
	return rig
}

// trial applies patch, as both tools, to the repository of case i.
func (g *fuzzRig) trial(t testing.TB, i int, patch []byte) patchfuzz.Outcome {
	g.mu.Lock()
	defer g.mu.Unlock()
	o, err := g.target(t, i).Trial(patch, g.cases[i].Context == 0)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// FuzzPatchAsGitApply is the patch fuzzer. Its arguments: which seed
// case's repository the patch applies to, the patch (the seeds are the
// cases' real diffs; the fuzzing engine damages them at random) and ops,
// mutations of fixtures/patchfuzz applied before (3 bytes each: the kind,
// then the place). Under go test it runs each case's diff unmutated and
// with one mutation, the kinds in turn (-short: every other case).
func FuzzPatchAsGitApply(f *testing.F) {
	g := theRig(f)
	for i, c := range g.cases {
		if testing.Short() && i%2 == 1 {
			continue
		}
		f.Add(uint8(i), c.Patch, []byte{})
		f.Add(uint8(i), c.Patch, []byte{byte(i), byte(i * 37), byte(i * 101)})
	}
	f.Fuzz(func(t *testing.T, which uint8, patch, ops []byte) {
		i := int(which) % len(g.cases)
		kind, p := patchfuzz.MutateOps(patch, ops)
		o := g.trial(t, i, p)
		if class, documented := patchfuzz.Class(kind, o); class != "" {
			if !documented {
				t.Skipf("known, being fixed: %s (%s on %s, mutated: %s)", class, o.Kind, g.cases[i].Name, kind)
			}
			return
		}
		if why := fuzzVerdict(o); why != "" {
			t.Errorf("%s on %s (%s, mutated: %s):\ngit: %s\ngitedit: %s %s\n%s\npatch:\n%s",
				why, g.cases[i].Name, g.cases[i].Source, kind, o.Git, o.Code, o.Ours, o.Detail, clipped(p))
		}
	})
}

// fuzzVerdict returns why an outcome breaks the contract, or "".
func fuzzVerdict(o patchfuzz.Outcome) string {
	switch o.Kind {
	case patchfuzz.AgreeApplied, patchfuzz.AgreeRefused:
		return ""
	case patchfuzz.WeRefusedGitApplied:
		for _, phrase := range knownRefusals {
			if strings.Contains(o.Ours, phrase) {
				return ""
			}
		}
		return "gitedit refuses a patch git applies"
	case patchfuzz.WeAppliedGitRefused:
		return "gitedit applies a patch git refuses"
	}
	return o.Kind
}

// clipped is a patch cut to 3000 bytes for messages.
func clipped(p []byte) string {
	if len(p) > 3000 {
		return string(p[:3000]) + "…"
	}
	return string(p)
}
