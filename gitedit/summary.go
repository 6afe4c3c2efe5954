package gitedit

import (
	"fmt"
	"strings"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// metaFor describes a batch of steps for its commit message.
func metaFor(tool Tool, steps []*step, canonical []byte, message string) *commitMeta {
	m := &commitMeta{Tool: tool, Subject: message, Request: canonical}
	for _, s := range steps {
		m.Count += len(s.edits)
		m.Body = append(m.Body, s.bodyLines()...)
		m.Match = appendNew(m.Match, s.modes...)
	}
	if m.Subject == "" {
		m.Subject = subjectOf(tool, steps)
	}
	return m
}

// subjectOf generates a commit subject: "edit src/a.go: replace 2
// occurrences", "multiedit src/a.go: apply 3 edits", "batch: 4 operations
// on 2 files".
func subjectOf(tool Tool, steps []*step) string {
	if len(steps) == 1 && steps[0].tool == tool {
		return steps[0].subject()
	}
	return fmt.Sprintf("%s: %s on %s", tool, plural(len(steps), "operation"), plural(countFiles(steps), "file"))
}

// subject describes one step for a commit subject.
func (s *step) subject() string {
	switch {
	case s.tool == ToolPatch:
		return fmt.Sprintf("patch %s", trailerPath(s.rel))
	case s.created:
		return fmt.Sprintf("%s %s: create the file", s.tool, trailerPath(s.rel))
	case s.tool == ToolMultiEdit:
		return fmt.Sprintf("multiedit %s: apply %s", trailerPath(s.rel), plural(len(s.edits), "edit"))
	}
	return fmt.Sprintf("edit %s: replace %s", trailerPath(s.rel), plural(s.replacements, "occurrence"))
}

// bodyLines describes each applied edit of the step for the commit body.
func (s *step) bodyLines() []string {
	if s.body != nil {
		return s.body
	}
	var lines []string
	for _, e := range s.edits {
		if e.Index == 0 && s.whole {
			lines = append(lines, s.wholeLine())
			continue
		}
		line := fmt.Sprintf("%s: edit %d replaced %s (%s)", trailerPath(s.rel), e.Index+1, plural(e.Replacements, "occurrence"), e.MatchMode)
		switch len(e.Lines) {
		case 0:
		case 1:
			line += " at line " + joinInts(e.Lines)
		default:
			line += " at lines " + joinInts(e.Lines)
		}
		lines = append(lines, line)
	}
	return lines
}

// wholeLine describes a whole-file write for the commit body.
func (s *step) wholeLine() string {
	if s.created {
		return trailerPath(s.rel) + ": created the file"
	}
	return trailerPath(s.rel) + ": wrote the whole file"
}

// countFiles counts the distinct files the steps touched.
func countFiles(steps []*step) int {
	seen := map[string]bool{}
	for _, s := range steps {
		seen[s.rel] = true
	}
	return len(seen)
}

// resultOf builds the docs/reference.md#results result of a batch.
func resultOf(tool Tool, steps []*step, out *batchOutcome, opt Options) *Result {
	res := &Result{OK: true, Tool: tool, Changed: out.Changed, Diff: out.Diff, Files: out.Files,
		DryRun: opt.DryRun, Staged: out.Staged, EditsFailed: []EditFailure{}}
	for _, s := range steps {
		res.Replacements += s.replacements
		res.Edits = append(res.Edits, s.edits...)
		res.EditsFailed = append(res.EditsFailed, s.failed...)
		res.Notes = append(res.Notes, s.notes...)
	}
	res.EditsApplied = len(res.Edits)
	fillFileStats(res, steps)
	if len(steps) == 1 {
		res.FilePath = spec.JSONPath(steps[0].rel) // the field is also the JSON (RunResult embeds Result)
		res.MatchMode = strings.Join(steps[0].modes, ",")
	}
	setCommits(res, out.Commits)
	res.Summary = summaryOf(res, steps)
	return res
}

// fillFileStats adds each file's replacement count and match modes.
func fillFileStats(res *Result, steps []*step) {
	for i := range res.Files {
		f := &res.Files[i]
		var modes []string
		for _, s := range steps {
			if s.rel == f.FilePath {
				f.Replacements += s.replacements
				modes = appendNew(modes, s.modes...)
			}
		}
		f.MatchMode = strings.Join(modes, ",")
	}
}

// setCommits records the commits made: Commit is the batch's own (the
// last); Commits lists them all when there are several.
func setCommits(res *Result, commits []string) {
	if len(commits) == 0 {
		return
	}
	last := commits[len(commits)-1]
	res.Commit = &last
	if len(commits) > 1 {
		res.Commits = commits
	}
}

// summaryOf is the one-line human summary of a result.
// The file's name is quoted as git quotes it (engine.QuotePath), so a
// newline or an escape byte in it never reaches a terminal raw.
func summaryOf(res *Result, steps []*step) string {
	var s, name string
	if len(steps) == 1 {
		name = engine.QuotePath(steps[0].rel)
	}
	switch {
	case !res.Changed:
		s = "No change"
		if name != "" {
			s += " to " + name
		}
	case len(steps) == 1 && steps[0].created:
		s = "Created " + name
	case len(steps) == 1 && steps[0].whole && len(res.Edits) == 1:
		s = "Rewrote the whole of " + name
	case res.Tool == ToolEdit:
		s = fmt.Sprintf("Replaced %s in %s", plural(res.Replacements, "occurrence"), name)
	case res.Tool == ToolMultiEdit:
		s = fmt.Sprintf("Applied %s to %s", plural(res.EditsApplied, "edit"), name)
	default:
		s = fmt.Sprintf("Applied %s to %s", plural(len(steps), "operation"), plural(len(res.Files), "file"))
	}
	return decorate(s, res)
}

// decorate adds failures, dry run and commit to a summary.
func decorate(s string, res *Result) string {
	if n := len(res.EditsFailed); n > 0 {
		s += fmt.Sprintf(" (%s failed)", plural(n, "edit"))
	}
	if res.DryRun {
		return "Dry run: " + s + "; nothing written"
	}
	if res.Commit != nil {
		s += " and committed " + (*res.Commit)[:12]
	}
	return s
}

// joinInts formats 1-based line numbers: "3, 17, 40".
func joinInts(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, ", ")
}

// appendNew appends the values not yet in list.
func appendNew(list []string, values ...string) []string {
	for _, v := range values {
		found := false
		for _, x := range list {
			found = found || x == v
		}
		if !found {
			list = append(list, v)
		}
	}
	return list
}
