package integration

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/gitedit/gitedit/fixtures/patchfuzz"
)

// The envelope fuzzer (docs/reference.md#testing): the seed diffs that a
// "*** Begin Patch" envelope can say (text changes with context, renames,
// new and deleted files) are converted into envelopes and damaged. The
// oracle is the contract (SPEC 2.4): an envelope is refused whole (files,
// index and refs byte-identical, with a code of the contract) or applied
// whole (each operation done and staged, each added line there, nothing
// it does not name changed). Undamaged, an envelope gives what its git
// diff gives with git apply; a marker-looking '+' line is content; a
// Delete File of a file with uncommitted changes is dirty.

// envCase is a seed case's envelope and the git diff of the same files.
type envCase struct {
	i        int
	env, git []byte
}

// envCases returns the envelopes of the seed cases that have one.
func envCases(t testing.TB, g *fuzzRig) []envCase {
	var out []envCase
	for i, c := range g.cases {
		if env, git := patchfuzz.Envelope(c); env != nil {
			out = append(out, envCase{i: i, env: env, git: git})
		}
	}
	if len(out) < 10 {
		t.Fatalf("%d seed cases convert into envelopes, want at least 10", len(out))
	}
	return out
}

// envelope applies env to the repository of case i and returns the
// contract check.
func (g *fuzzRig) envelope(t testing.TB, i int, env []byte, prepare func(string) error) patchfuzz.EnvResult {
	g.mu.Lock()
	defer g.mu.Unlock()
	res, err := g.target(t, i).Envelope(env, prepare)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// FuzzEnvelopeContract is the envelope fuzzer: which envelope, the
// envelope (damaged at random by the fuzzing engine) and ops, envelope
// mutations of fixtures/patchfuzz applied before. Under go test each
// envelope runs unmutated and with one mutation, the kinds in turn.
func FuzzEnvelopeContract(f *testing.F) {
	g := theRig(f)
	envs := envCases(f, g)
	for k, e := range envs {
		if testing.Short() && k%2 == 1 {
			continue
		}
		f.Add(uint8(k), e.env, []byte{})
		f.Add(uint8(k), e.env, []byte{byte(k), byte(k * 37), byte(k * 101)})
	}
	f.Fuzz(func(t *testing.T, which uint8, env, ops []byte) {
		e := envs[int(which)%len(envs)]
		kind, p := patchfuzz.EnvMutateOps(env, ops)
		res := g.envelope(t, e.i, p, nil)
		if res.Broken != "" {
			t.Errorf("%s (%s, mutated: %s): %s\ngitedit: %s %s\nenvelope:\n%s", g.cases[e.i].Name, g.cases[e.i].Source, kind, res.Broken, res.Code, res.Message, clipped(p))
		}
	})
}

// TestEnvelopesOfRealDiffsApplyAsTheirDiffs: each undamaged envelope
// gives the index and working tree git apply --index gives with its git
// diff (or is refused as ambiguous: a chunk's context found twice), and
// still applies, with the line as content, when a '+' line whose text is
// a marker ("*** End Patch", "*** Add File: x", "@@ ...") is added.
func TestEnvelopesOfRealDiffsApplyAsTheirDiffs(t *testing.T) {
	g := theRig(t)
	for _, e := range envCases(t, g) {
		name := g.cases[e.i].Name
		g.mu.Lock()
		o, err := g.target(t, e.i).TrialOf(e.git, e.env, false)
		g.mu.Unlock()
		if err != nil {
			t.Fatal(err)
		}
		if o.Kind != patchfuzz.AgreeApplied && !(o.Kind == patchfuzz.WeRefusedGitApplied && o.Code == "ambiguous") {
			t.Errorf("%s: %s\ngit: %s\ngitedit: %s %s\n%s\nenvelope:\n%s", name, o.Kind, o.Git, o.Code, o.Ours, o.Detail, clipped(e.env))
			continue
		}
		for pos := 0; pos < 3*7; pos += 7 {
			kind, p := patchfuzz.EnvMutate(e.env, patchfuzz.EnvKinds()-1, pos)
			if p == nil || kind != patchfuzz.MarkerAsContent {
				continue
			}
			res := g.envelope(t, e.i, p, nil)
			if res.Broken != "" || (o.Kind == patchfuzz.AgreeApplied && !res.Applied) {
				t.Errorf("%s, a marker as content: applied %v, %s %s %s\nenvelope:\n%s", name, res.Applied, res.Code, res.Message, res.Broken, clipped(p))
			}
		}
	}
}

// TestEnvelopeDeleteOfADirtyFileIsDirty: a Delete File of a file whose
// working-tree content differs from the index, or whose index entry
// differs from HEAD, is refused as dirty and changes nothing (SPEC 2.4,
// issue 23 item 1), in every seed envelope that deletes a file.
func TestEnvelopeDeleteOfADirtyFileIsDirty(t *testing.T) {
	g := theRig(t)
	n := 0
	for _, e := range envCases(t, g) {
		for _, op := range patchfuzz.EnvOps(e.env) {
			if op.Kind != "delete" {
				continue
			}
			for how, prepare := range dirtyWays(g, op.Path) {
				n++
				res := g.envelope(t, e.i, e.env, prepare)
				if res.Broken != "" || res.Applied || res.Code != "dirty" {
					t.Errorf("%s, delete of %s %s: applied %v, %s %s %s", g.cases[e.i].Name, op.Path, how, res.Applied, res.Code, res.Message, res.Broken)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no seed envelope deletes a file")
	}
}

// dirtyWays are the ways a file can hold uncommitted changes.
func dirtyWays(g *fuzzRig, path string) map[string]func(string) error {
	appendTo := func(dir string) error {
		f, err := os.OpenFile(filepath.Join(dir, filepath.FromSlash(path)), os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = f.WriteString("uncommitted line\n")
		return err
	}
	return map[string]func(string) error{
		"changed in the working tree": appendTo,
		"with a staged change": func(dir string) error {
			if err := appendTo(dir); err != nil {
				return err
			}
			_, err := g.runner.Git("-C", dir, "add", "--", path)
			return err
		},
	}
}

// target returns the repository of case i, made on first use (g.mu held).
func (g *fuzzRig) target(t testing.TB, i int) *patchfuzz.Target {
	tg, ok := g.targets[i]
	if !ok {
		var err error
		if tg, err = g.runner.Target(g.cases[i]); err != nil {
			t.Fatal(err)
		}
		g.targets[i] = tg
	}
	return tg
}
