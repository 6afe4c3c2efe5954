package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/gitedit/gitedit/engine"
)

// modes are the columns of the table: auto, exact and every tolerant
// strategy.
var modes = []engine.MatchMode{
	engine.Auto, engine.Exact, engine.TrimmedBoundary, engine.IndentationFlexible, engine.LineTrimmed,
	engine.WhitespaceNormalized, engine.UnicodeNormalized, engine.EscapeNormalized,
	engine.BlockAnchor, engine.ContextAware,
}

// tally counts the outcomes of one category under one mode.
type tally struct{ correct, refused, wrong int }

// table holds the tallies per category and mode, and the modes auto used.
type table struct {
	cells    map[string]map[engine.MatchMode]*tally
	autoUsed map[string]map[engine.MatchMode]int
	count    map[string]int
}

// newTable returns an empty table.
func newTable() *table {
	return &table{cells: map[string]map[engine.MatchMode]*tally{},
		autoUsed: map[string]map[engine.MatchMode]int{}, count: map[string]int{}}
}

// score applies one case under every mode.
func (t *table) score(c category, cs testCase) {
	if t.cells[c.name] == nil {
		t.cells[c.name] = map[engine.MatchMode]*tally{}
		t.autoUsed[c.name] = map[engine.MatchMode]int{}
	}
	t.count[c.name]++
	for _, m := range modes {
		tl := t.cells[c.name][m]
		if tl == nil {
			tl = &tally{}
			t.cells[c.name][m] = tl
		}
		got, applied, err := engine.ApplyEdit(cs.content, engine.Edit{OldString: cs.old, NewString: cs.new, MatchMode: m})
		switch {
		case err != nil:
			tl.refused++
		case !c.refuse && got == cs.want:
			tl.correct++
		default:
			tl.wrong++
			dumpWrong(c, m, cs, got)
		}
		if m == engine.Auto && err == nil {
			t.autoUsed[c.name][applied.MatchMode]++
		}
	}
}

// print writes the table in Markdown: correct/refused/wrong per cell.
func (t *table) print(w io.Writer, files int, root string, seed uint64) {
	fmt.Fprintf(w, "accuracy: %d source files under %s, seed %d\n", files, root, seed)
	fmt.Fprintln(w, "cells: correct/refused/wrong (controls absent, ambiguous: correct = refused)")
	fmt.Fprintln(w)
	head := []string{"category", "n"}
	for _, m := range modes {
		head = append(head, string(m))
	}
	fmt.Fprintln(w, "| "+strings.Join(head, " | ")+" |")
	fmt.Fprintln(w, "|"+strings.Repeat(" --- |", len(head)))
	var rec, recOK, wrong int
	for _, c := range categories {
		row := []string{c.name, fmt.Sprint(t.count[c.name])}
		for _, m := range modes {
			tl := t.cells[c.name][m]
			if tl == nil {
				tl = &tally{}
			}
			if c.refuse {
				tl.correct, tl.refused = tl.refused, 0
			}
			row = append(row, fmt.Sprintf("%d/%d/%d", tl.correct, tl.refused, tl.wrong))
			wrong += tl.wrong
		}
		if c.recoverable {
			rec += t.count[c.name]
			recOK += t.cells[c.name][engine.Auto].correct
		}
		fmt.Fprintln(w, "| "+strings.Join(row, " | ")+" |")
	}
	fmt.Fprintf(w, "\nauto correct on recoverable categories: %d/%d (%.1f%%); wrong in total: %d\n",
		recOK, rec, 100*float64(recOK)/float64(max(rec, 1)), wrong)
	fmt.Fprintln(w, "\nstrategy auto used, per category:")
	for _, c := range categories {
		fmt.Fprintf(w, "  %-18s %v\n", c.name, t.autoUsed[c.name])
	}
}
