package recipe

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/batch"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// recipeBatch carries a run's scanned outcomes into the atomic batch.
type recipeBatch struct {
	rs   recipeSet
	outs []*fileOutcome
	opt  spec.Options
	// done are the outcomes the batch applied (recomputed for files that
	// changed between the scan and the lock).
	done []*fileOutcome
}

// plan is the batch's plan: it re-reads each matching file under the
// lock, reuses the scanned outcome when the content is unchanged (else
// applies the recipes again), plans the writes and checks the recipes'
// expected totals.
func (b *recipeBatch) plan(t *batch.Txn) (*commitmsg.Meta, error) {
	b.done = b.done[:0]
	for _, o := range b.outs {
		cur, err := b.refresh(t, o)
		if err != nil {
			return nil, err
		}
		if cur.changed() {
			t.Write(cur.rel, cur.after, 0)
			b.done = append(b.done, cur)
		}
	}
	if err := b.checkTotals(); err != nil {
		return nil, err
	}
	return b.meta()
}

// refresh returns o for the file as the batch reads it now.
func (b *recipeBatch) refresh(t *batch.Txn, o *fileOutcome) (*fileOutcome, error) {
	st, err := t.ReadRel(o.rel)
	if err != nil {
		return nil, err
	}
	switch {
	case !st.Exists:
		return &fileOutcome{rel: o.rel}, nil
	case bytes.Equal(st.Content, o.before):
		return o, nil
	}
	return b.rs.apply(o.rel, st.Content)
}

// stats sums the applied outcomes per recipe.
func (b *recipeBatch) stats() []spec.RecipeStat {
	stats := make([]spec.RecipeStat, len(b.rs))
	for i, rc := range b.rs {
		stats[i].Name = rc.Name
	}
	for _, o := range b.done {
		for i, n := range o.perRecipe {
			if n > 0 {
				stats[i].Files++
				stats[i].Replacements += n
			}
		}
	}
	return stats
}

// checkTotals enforces each recipe's expected_replacements.
func (b *recipeBatch) checkTotals() error {
	for i, st := range b.stats() {
		x := b.rs[i].ExpectedReplacements
		if x != nil && *x != st.Replacements {
			return &spec.Error{Code: spec.CodeCountMismatch, Message: fmt.Sprintf(
				"recipe %s: expected %s in total but it would make %d (in %s); nothing was changed",
				st.Name, commitmsg.Plural(*x, "replacement"), st.Replacements, commitmsg.Plural(st.Files, "file"))}
		}
	}
	return nil
}

// meta describes the batch for its commit message.
func (b *recipeBatch) meta() (*commitmsg.Meta, error) {
	recipes := make([]spec.Recipe, len(b.rs))
	for i, rc := range b.rs {
		recipes[i] = rc.Recipe
	}
	canonical, err := json.Marshal(recipes)
	if err != nil {
		return nil, spec.IOError("encode recipes", err)
	}
	m := &commitmsg.Meta{Tool: string(spec.ToolRecipe), Request: canonical, FileTrailerLimit: TrailerLimit}
	for _, o := range b.done {
		m.Count += o.applied
		m.Match = commitmsg.AppendNew(m.Match, o.modes...)
		m.Body = append(m.Body, b.bodyLine(o))
	}
	stats := b.stats()
	for _, st := range stats {
		if st.Files > 0 {
			m.Extra = append(m.Extra, commitmsg.Trailer{Key: "Edit-Recipe", Value: st.Name})
		}
	}
	m.Subject = b.subject(stats)
	return m, nil
}

// bodyLine describes one file: "src/a.go: 3 replacements", with the
// share of each recipe when several ran.
func (b *recipeBatch) bodyLine(o *fileOutcome) string {
	line := commitmsg.Path(o.rel) + ": " + commitmsg.Plural(o.replacements(), "replacement")
	if len(b.rs) == 1 {
		return line
	}
	var parts []string
	for i, n := range o.perRecipe {
		if n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", b.rs[i].Name, n))
		}
	}
	return line + " (" + strings.Join(parts, ", ") + ")"
}

// subject is -m, else the message of the one recipe that changed files,
// else a generated line with the recipes' messages below it.
func (b *recipeBatch) subject(stats []spec.RecipeStat) string {
	if b.opt.Message != "" {
		return b.opt.Message
	}
	var used []int
	for i, st := range stats {
		if st.Files > 0 {
			used = append(used, i)
		}
	}
	if len(used) == 1 && b.rs[used[0]].Message != "" {
		return b.rs[used[0]].Message
	}
	return b.generatedSubject(stats, used)
}

// generatedSubject is "recipe a, b: 12 replacements in 3 files", then a
// line per recipe with its message.
func (b *recipeBatch) generatedSubject(stats []spec.RecipeStat, used []int) string {
	var names, lines []string
	total := 0
	for _, i := range used {
		names = append(names, stats[i].Name)
		total += stats[i].Replacements
		if msg, _ := commitmsg.SplitSubject(b.rs[i].Message); msg != "" {
			lines = append(lines, stats[i].Name+": "+msg)
		}
	}
	s := fmt.Sprintf("recipe %s: %s in %s", strings.Join(names, ", "), commitmsg.Plural(total, "replacement"), commitmsg.Plural(len(b.done), "file"))
	if len(lines) > 0 {
		s += "\n\n" + strings.Join(lines, "\n")
	}
	return s
}

// result builds the run's result.
func (b *recipeBatch) result(out *batch.Outcome, req spec.RunRequest, scanned int, tally scanTally) *spec.RunResult {
	res := &spec.RunResult{Check: req.Check, Recipes: b.stats(), Scanned: scanned, FromCache: tally.cached, Skipped: tally.skipped}
	res.Result = *out.Result(spec.ToolRecipe, b.opt)
	byPath := map[string]*fileOutcome{}
	for _, o := range b.done {
		byPath[o.rel] = o
		res.Replacements += o.replacements()
		res.EditsApplied += o.applied
	}
	for i := range res.Files {
		if o := byPath[res.Files[i].FilePath]; o != nil {
			res.Files[i].Replacements, res.Files[i].MatchMode = o.replacements(), strings.Join(o.modes, ",")
		}
	}
	out.Fill(&res.Result)
	res.Summary = runSummary(res)
	return res
}

// runSummary is the one-line human summary of a run.
func runSummary(res *spec.RunResult) string {
	names := make([]string, len(res.Recipes))
	for i, st := range res.Recipes {
		names[i] = st.Name
	}
	word := "recipe"
	if len(names) > 1 {
		word = "recipes"
	}
	s := fmt.Sprintf("%s %s: %s in %s (%s scanned%s)", word, strings.Join(names, ", "),
		commitmsg.Plural(res.Replacements, "replacement"), commitmsg.Plural(len(res.Files), "file"), commitmsg.Plural(res.Scanned, "file"), skippedText(res.Skipped))
	switch {
	case res.Check && res.Changed:
		return "Would change: " + s
	case res.Check:
		return "Up to date: " + s
	case !res.Changed:
		return "No change: " + s
	}
	return res.Result.Decorate("Applied " + s)
}

// skippedText lists the non-zero skip counts: ", 2 binary skipped".
func skippedText(s spec.Skipped) string {
	var parts []string
	for _, p := range []struct {
		n    int
		what string
	}{{s.Binary, "binary"}, {s.Filtered, "filtered"}, {s.Missing, "missing"}, {s.Untracked, "untracked"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.what))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "; skipped " + strings.Join(parts, ", ")
}
