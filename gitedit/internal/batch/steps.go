package batch

import (
	"fmt"
	"strings"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// Step is what one operation (an edit, a multiedit, a patch's file) did
// inside a batch; Steps turns the steps into the commit message
// and the result.
type Step struct {
	// Tool is the operation's tool (the Edit-Tool of a one-step batch).
	Tool spec.Tool
	// Rel is the repository-relative slash path the step changed.
	Rel string
	// Created and Changed say whether the file was created, and whether
	// its content or mode changed at all.
	Created, Changed bool
	// Replacements is the number of replacements made.
	Replacements int
	// Modes are the match modes used, one per applied item.
	Modes []string
	// Edits and Failed are the applied items and, in partial mode, the
	// skipped ones.
	Edits  []spec.EditResult
	Failed []spec.EditFailure
	// Notes are the remarks for the result (a tolerant match used, ...).
	Notes []string
	// Whole is set when the first edit wrote the whole file (empty
	// old_string).
	Whole bool
	// Body, when set, replaces the generated commit-body lines (patches
	// describe their files themselves).
	Body []string
}

// StepFunc is one operation of a batch, run inside the transaction.
type StepFunc func(t *Txn) (*Step, error)

// Steps is a batch of operations of one request (an edit, a multiedit,
// a batch of them): Plan runs them in order as Run's plan, Result
// describes what they did.
type Steps struct {
	tool    spec.Tool
	message string
	funcs   []StepFunc
	done    []*Step
}

// NewSteps returns the steps of a tool's request; message is the -m
// text (opt.Message), empty for a generated subject.
func NewSteps(tool spec.Tool, message string, funcs ...StepFunc) *Steps {
	return &Steps{tool: tool, message: message, funcs: funcs}
}

// Plan runs the steps in t and describes them for the commit message.
func (s *Steps) Plan(t *Txn) (*commitmsg.Meta, error) {
	s.done = s.done[:0]
	for _, f := range s.funcs {
		st, err := f(t)
		if err != nil {
			return nil, err
		}
		s.done = append(s.done, st)
	}
	return metaFor(s.tool, s.done, s.message), nil
}

// Result builds the docs/reference.md#results result of the steps run
// by the batch out.
func (s *Steps) Result(out *Outcome, opt spec.Options) *spec.Result {
	return resultOf(s.tool, s.done, out, opt)
}

// metaFor describes a batch of steps for its commit message.
func metaFor(tool spec.Tool, steps []*Step, message string) *commitmsg.Meta {
	m := &commitmsg.Meta{Tool: string(tool), Subject: message}
	for _, s := range steps {
		m.Count += len(s.Edits)
		m.Body = append(m.Body, s.bodyLines()...)
		m.Match = commitmsg.AppendNew(m.Match, s.Modes...)
	}
	if m.Subject == "" {
		m.Subject = subjectOf(tool, steps)
	}
	return m
}

// subjectOf generates a commit subject: "edit src/a.go: replace 2
// occurrences", "multiedit src/a.go: apply 3 edits", "batch: 4 operations
// on 2 files".
func subjectOf(tool spec.Tool, steps []*Step) string {
	if len(steps) == 1 && steps[0].Tool == tool {
		return steps[0].subject()
	}
	return fmt.Sprintf("%s: %s on %s", tool, commitmsg.Plural(len(steps), "operation"), commitmsg.Plural(countFiles(steps), "file"))
}

// subject describes one step for a commit subject.
func (s *Step) subject() string {
	switch {
	case s.Tool == spec.ToolPatch:
		return fmt.Sprintf("patch %s", commitmsg.Path(s.Rel))
	case s.Created:
		return fmt.Sprintf("%s %s: create the file", s.Tool, commitmsg.Path(s.Rel))
	case s.Tool == spec.ToolMultiEdit:
		return fmt.Sprintf("multiedit %s: apply %s", commitmsg.Path(s.Rel), commitmsg.Plural(len(s.Edits), "edit"))
	}
	return fmt.Sprintf("edit %s: replace %s", commitmsg.Path(s.Rel), commitmsg.Plural(s.Replacements, "occurrence"))
}

// bodyLines describes each applied edit of the step for the commit body.
func (s *Step) bodyLines() []string {
	if s.Body != nil {
		return s.Body
	}
	var lines []string
	for _, e := range s.Edits {
		if e.Index == 0 && s.Whole {
			lines = append(lines, s.wholeLine())
			continue
		}
		line := fmt.Sprintf("%s: edit %d replaced %s (%s)", commitmsg.Path(s.Rel), e.Index+1, commitmsg.Plural(e.Replacements, "occurrence"), e.MatchMode)
		switch len(e.Lines) {
		case 0:
		case 1:
			line += " at line " + spec.JoinInts(e.Lines)
		default:
			line += " at lines " + spec.JoinInts(e.Lines)
		}
		lines = append(lines, line)
	}
	return lines
}

// wholeLine describes a whole-file write for the commit body.
func (s *Step) wholeLine() string {
	if s.Created {
		return commitmsg.Path(s.Rel) + ": created the file"
	}
	return commitmsg.Path(s.Rel) + ": wrote the whole file"
}

// countFiles counts the distinct files the steps touched.
func countFiles(steps []*Step) int {
	seen := map[string]bool{}
	for _, s := range steps {
		seen[s.Rel] = true
	}
	return len(seen)
}

// resultOf builds the docs/reference.md#results result of a batch.
func resultOf(tool spec.Tool, steps []*Step, out *Outcome, opt spec.Options) *spec.Result {
	res := out.Result(tool, opt)
	for _, s := range steps {
		res.Replacements += s.Replacements
		res.Edits = append(res.Edits, s.Edits...)
		res.EditsFailed = append(res.EditsFailed, s.Failed...)
		res.Notes = append(res.Notes, s.Notes...)
	}
	res.EditsApplied = len(res.Edits)
	fillFileStats(res, steps)
	if len(steps) == 1 {
		res.FilePath = spec.JSONPath(steps[0].Rel) // the field is also the JSON (spec.RunResult embeds spec.Result)
		res.MatchMode = strings.Join(steps[0].Modes, ",")
	}
	out.Fill(res)
	res.Summary = summaryOf(res, steps)
	return res
}

// fillFileStats adds each file's replacement count and match modes.
func fillFileStats(res *spec.Result, steps []*Step) {
	for i := range res.Files {
		f := &res.Files[i]
		var modes []string
		for _, s := range steps {
			if s.Rel == f.FilePath {
				f.Replacements += s.Replacements
				modes = commitmsg.AppendNew(modes, s.Modes...)
			}
		}
		f.MatchMode = strings.Join(modes, ",")
	}
}

// summaryOf is the one-line human summary of a result.
// The file's name is quoted as git quotes it (quote.QuotePath), so a
// newline or an escape byte in it never reaches a terminal raw.
func summaryOf(res *spec.Result, steps []*Step) string {
	var s, name string
	if len(steps) == 1 {
		name = quote.QuotePath(steps[0].Rel)
	}
	switch {
	case !res.Changed:
		s = "No change"
		if name != "" {
			s += " to " + name
		}
	case len(steps) == 1 && steps[0].Created:
		s = "Created " + name
	case len(steps) == 1 && steps[0].Whole && len(res.Edits) == 1:
		s = "Rewrote the whole of " + name
	case res.Tool == spec.ToolEdit:
		s = fmt.Sprintf("Replaced %s in %s", commitmsg.Plural(res.Replacements, "occurrence"), name)
	case res.Tool == spec.ToolMultiEdit:
		s = fmt.Sprintf("Applied %s to %s", commitmsg.Plural(res.EditsApplied, "edit"), name)
	default:
		s = fmt.Sprintf("Applied %s to %s", commitmsg.Plural(len(steps), "operation"), commitmsg.Plural(len(res.Files), "file"))
	}
	return res.Decorate(s)
}
