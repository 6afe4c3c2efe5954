package main

import (
	"errors"
	"fmt"
	"io"
	"sort"
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

// table holds the tallies per category and mode, the modes auto used
// and the languages the cases came from.
type table struct {
	cells    map[string]map[engine.MatchMode]*tally
	autoUsed map[string]map[engine.MatchMode]int
	langs    map[string]map[string]int
	count    map[string]int
}

// newTable returns an empty table.
func newTable() *table {
	return &table{cells: map[string]map[engine.MatchMode]*tally{},
		autoUsed: map[string]map[engine.MatchMode]int{}, langs: map[string]map[string]int{}, count: map[string]int{}}
}

// outcome is how one application is judged.
type outcome int

const (
	correct outcome = iota
	refused
	wrong
)

// judge rates the result of one case under category c: got and err are
// what engine.ApplyEdit returned.
func judge(c category, cs testCase, got string, err error) outcome {
	var e *engine.Error
	switch {
	case c.hint && errors.As(err, &e) && e.Code == engine.CodeNotFound && len(e.Lines) > 0 && e.Lines[0] == cs.hint:
		return correct
	case err != nil && (c.refuse || c.refuseOK):
		return correct
	case err != nil:
		return refused
	case !c.refuse && !c.hint && (got == cs.want || (cs.alt != "" && got == cs.alt)):
		return correct
	}
	return wrong
}

// score applies one case under every mode.
func (t *table) score(c category, cs testCase) {
	if t.cells[c.name] == nil {
		t.cells[c.name] = map[engine.MatchMode]*tally{}
		t.autoUsed[c.name] = map[engine.MatchMode]int{}
		t.langs[c.name] = map[string]int{}
	}
	t.count[c.name]++
	t.langs[c.name][cs.lang]++
	for _, m := range modes {
		tl := t.cells[c.name][m]
		if tl == nil {
			tl = &tally{}
			t.cells[c.name][m] = tl
		}
		got, applied, err := engine.ApplyEdit(cs.content, engine.Edit{OldString: cs.old, NewString: cs.new, MatchMode: m})
		switch judge(c, cs, got, err) {
		case correct:
			tl.correct++
		case refused:
			tl.refused++
			dumpRefused(c, m, cs, err)
		default:
			tl.wrong++
			dumpWrong(c, m, cs, got, err)
		}
		if m == engine.Auto && err == nil {
			t.autoUsed[c.name][applied.MatchMode]++
		}
	}
}

// print writes the table in Markdown: correct/refused/wrong per cell.
func (t *table) print(w io.Writer, used []string, seed uint64) {
	fmt.Fprintf(w, "accuracy: seed %d; %s\n", seed, strings.Join(used, "; "))
	fmt.Fprintln(w, "cells: correct/refused/wrong (absent, ambiguous, hybrid: correct = refused;",
		"esc-new, esc-under: a refusal is correct too; hint: correct = not_found naming the intended line)")
	fmt.Fprintln(w)
	head := []string{"category", "n"}
	for _, m := range modes {
		head = append(head, string(m))
	}
	fmt.Fprintln(w, "| "+strings.Join(head, " | ")+" |")
	fmt.Fprintln(w, "|"+strings.Repeat(" --- |", len(head)))
	var rec, recOK, wrongs int
	for _, c := range categories {
		row := []string{c.name, fmt.Sprint(t.count[c.name])}
		for _, m := range modes {
			tl := t.cells[c.name][m]
			if tl == nil {
				tl = &tally{}
			}
			row = append(row, fmt.Sprintf("%d/%d/%d", tl.correct, tl.refused, tl.wrong))
			wrongs += tl.wrong
		}
		if c.recoverable && t.cells[c.name] != nil {
			rec += t.count[c.name]
			recOK += t.cells[c.name][engine.Auto].correct
		}
		fmt.Fprintln(w, "| "+strings.Join(row, " | ")+" |")
	}
	fmt.Fprintf(w, "\nauto correct on recoverable categories: %d/%d (%.1f%%); wrong in total: %d\n",
		recOK, rec, 100*float64(recOK)/float64(max(rec, 1)), wrongs)
	fmt.Fprintln(w, "\nper category: languages of the cases; strategies auto applied")
	for _, c := range categories {
		fmt.Fprintf(w, "  %-18s %s; %v\n", c.name, langMix(t.langs[c.name]), t.autoUsed[c.name])
	}
}

// langMix writes "go 70, python 65, c 65".
func langMix(m map[string]int) string {
	var names []string
	for l := range m {
		names = append(names, l)
	}
	sort.Strings(names)
	var parts []string
	for _, l := range names {
		parts = append(parts, fmt.Sprintf("%s %d", l, m[l]))
	}
	return strings.Join(parts, ", ")
}
