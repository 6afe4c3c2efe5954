package spec

import (
	"fmt"
	"strconv"
	"strings"
)

// SetCommits records the commits made: Commit is the batch's own (the
// last); Commits lists them all when there are several.
func (r *Result) SetCommits(commits []string) {
	if len(commits) == 0 {
		return
	}
	last := commits[len(commits)-1]
	r.Commit = &last
	if len(commits) > 1 {
		r.Commits = commits
	}
}

// Decorate adds the failed edits, the dry run and the commit to the
// summary s of r.
func (r *Result) Decorate(s string) string {
	switch n := len(r.EditsFailed); {
	case n == 1:
		s += " (1 edit failed)"
	case n > 1:
		s += fmt.Sprintf(" (%d edits failed)", n)
	}
	if r.DryRun {
		return "Dry run: " + s + "; nothing written"
	}
	if r.Commit != nil {
		s += " and committed " + (*r.Commit)[:12]
	}
	return s
}

// JoinInts formats 1-based line numbers: "3, 17, 40".
func JoinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return strings.Join(parts, ", ")
}
