package patch

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/batch"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/gitdiff"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// patchFile records what a patch did to one path.
type patchFile struct {
	rel string
	// from is the source of a rename or copy.
	from             string
	renamed, copied  bool
	created, deleted bool
	// hunks counts the hunks (or envelope chunks) applied; an add, delete
	// or pure rename counts one.
	hunks int
	// text counts the hunks the patch holds for the file (binary and
	// envelope operations count one): a mode change, pure rename or empty
	// file created or deleted holds none (see summary.go).
	text int
	// modeChange is git's "100644 => 100755" when the mode changes.
	modeChange string
	modes      []string
}

// patchPlan is what a patch did inside a transaction.
type patchPlan struct {
	files []*patchFile
	byRel map[string]*patchFile
	notes []string
	// subject is the Subject of a single format-patch email, or "".
	subject string
	// copySources are the sources of the current diff's copies as they
	// were before it (see copySources).
	copySources map[string]*repo.FileState
}

// file returns the record of rel, creating it in order of first touch.
func (p *patchPlan) file(rel string) *patchFile {
	if p.byRel == nil {
		p.byRel = map[string]*patchFile{}
	}
	f, ok := p.byRel[rel]
	if !ok {
		f = &patchFile{rel: rel}
		p.byRel[rel] = f
		p.files = append(p.files, f)
	}
	return f
}

// count is the number of hunks applied over all files.
func (p *patchPlan) count() int {
	n := 0
	for _, f := range p.files {
		n += f.hunks
	}
	return n
}

// modes lists the distinct match strategies used.
func (p *patchPlan) modes() []string {
	var out []string
	for _, f := range p.files {
		out = commitmsg.AppendNew(out, f.modes...)
	}
	return out
}

// Apply applies a patch (docs/reference.md#patch) to r as one atomic batch:
// every file applies or nothing is written. opt.DryRun (or req.DryRun) is
// `gitedit patch --check`: everything is computed and reported, nothing is
// written. In commit mode the commit has Edit-Tool: patch; a single
// format-patch email keeps its subject unless -m is given.
//
// The patch is parsed before the batch starts: parsing reads nothing of
// the repository, so it need not hold index.lock (a long patch then holds
// the lock only while it is planned, and one that does not parse never
// waits for it), and it runs while the command line still sets its
// signal handlers up (see gitedit.WithWriteGate).
func Apply(ctx context.Context, r *repo.Repo, req spec.PatchRequest, opt spec.Options) (*spec.Result, error) {
	opt = opt.ForRequest(req.DryRun, "")
	if err := opt.Check(); err != nil {
		return nil, err // as the batch would, before any error of the patch
	}
	parsed, err := parsePatch(req)
	if err != nil {
		return nil, err
	}
	var plan *patchPlan
	out, err := batch.Run(ctx, r, opt, func(t *batch.Txn) (*commitmsg.Meta, error) {
		p, err := parsed.plan(t.Repo(), t)
		plan = p
		if err != nil {
			return nil, err
		}
		return p.meta(opt.Message), nil
	}, batch.WithRequest(req))
	if err != nil {
		return nil, err
	}
	return plan.result(out, opt), nil
}

// Step returns the step that applies a patch inside a larger batch (a
// "patch" operation of a batch request, docs/reference.md#batch), to the
// batch's repository. The step
// describes the patch as one step: its Rel is the first file touched, and
// there is one EditResult per file with its hunk count.
func Step(req spec.PatchRequest) batch.StepFunc {
	return func(t *batch.Txn) (*batch.Step, error) { return step(t.Repo(), t, req) }
}

// step applies a patch inside a larger batch and describes it (see Step).
func step(r *repo.Repo, t *batch.Txn, req spec.PatchRequest) (*batch.Step, error) {
	plan, err := planPatch(r, t, req)
	if err != nil {
		return nil, err
	}
	s := &batch.Step{Tool: spec.ToolPatch, Rel: plan.files[0].rel, Changed: true, Replacements: plan.count(),
		Modes: plan.modes(), Notes: plan.notes, Created: len(plan.files) == 1 && plan.files[0].created}
	for i, f := range plan.files {
		s.Body = append(s.Body, f.bodyLine())
		s.Edits = append(s.Edits, spec.EditResult{Index: i, FilePath: f.rel, Replacements: f.hunks, MatchMode: strings.Join(f.modes, ",")})
	}
	return s, nil
}

// planPatch parses req.Patch and plans its changes in t.
func planPatch(r *repo.Repo, t *batch.Txn, req spec.PatchRequest) (*patchPlan, error) {
	parsed, err := parsePatch(req)
	if err != nil {
		return nil, err
	}
	return parsed.plan(r, t)
}

// parsedPatch is a parsed patch: an envelope's operations, or the patches
// of a git diff, a unified diff or an mbox.
type parsedPatch struct {
	envelope bool
	ops      []envOp
	patches  []gitPatch
}

// parsePatch parses req.Patch (envelope, git diff, unified diff or mbox).
func parsePatch(req spec.PatchRequest) (*parsedPatch, error) {
	if strings.TrimSpace(req.Patch) == "" {
		return nil, spec.Errorf(spec.CodeInvalidInput, "patch: the patch is empty")
	}
	if isEnvelope(req.Patch) {
		ops, err := parseEnvelope(req.Patch)
		if err != nil {
			return nil, err
		}
		return &parsedPatch{envelope: true, ops: ops}, nil
	}
	patches, err := parseGitPatches(req.Patch)
	if err != nil {
		return nil, err
	}
	return &parsedPatch{patches: patches}, nil
}

// plan plans the parsed patch's changes in t.
func (pp *parsedPatch) plan(r *repo.Repo, t *batch.Txn) (*patchPlan, error) {
	plan := &patchPlan{}
	if pp.envelope {
		return plan, applyEnvelope(r, t, pp.ops, plan)
	}
	if len(pp.patches) == 1 {
		plan.subject = pp.patches[0].Subject
	}
	prev := t.AllowBinary
	t.AllowBinary = true
	defer func() { t.AllowBinary = prev }()
	return plan, applyGitPatches(r, t, pp.patches, plan)
}

// meta describes the patch for its commit message.
func (p *patchPlan) meta(message string) *commitmsg.Meta {
	m := &commitmsg.Meta{Tool: string(spec.ToolPatch), Subject: message, Count: p.count(), Match: p.modes()}
	if !p.plain() {
		m.Counted = p.applied()
	}
	if m.Subject == "" {
		m.Subject = p.subject
	}
	for _, f := range p.files {
		m.Body = append(m.Body, f.bodyLine())
	}
	return m
}

// result builds the docs/reference.md#results result of an applied (or checked) patch.
func (p *patchPlan) result(out *batch.Outcome, opt spec.Options) *spec.Result {
	res := out.Result(spec.ToolPatch, opt)
	res.Notes, res.Replacements, res.EditsApplied, res.MatchMode = p.notes, p.count(), p.count(), strings.Join(p.modes(), ",")
	for i := range res.Files {
		if f := p.byRel[res.Files[i].FilePath]; f != nil {
			res.Files[i].Replacements = f.hunks
			res.Files[i].MatchMode = strings.Join(f.modes, ",")
			if f.renamed {
				res.Files[i].RenamedFrom = f.from
			}
		}
	}
	if len(res.Files) == 1 {
		res.FilePath = res.Files[0].FilePath
	}
	out.Fill(res)
	res.Summary = res.Decorate(p.summary(res))
	return res
}

// applyEnvelope plans the operations of an envelope.
func applyEnvelope(r *repo.Repo, t *batch.Txn, ops []envOp, plan *patchPlan) error {
	for _, op := range ops {
		if err := checkEnvelopePaths(r, op); err != nil {
			return err
		}
		var err error
		switch op.Kind {
		case envAdd:
			err = planAdd(t, op, plan)
		case envDelete:
			err = planDelete(t, op, plan)
		default:
			err = planUpdate(r, t, op, plan)
		}
		if err != nil {
			return spec.WithPath(err, op.Path)
		}
	}
	return nil
}

// checkEnvelopePaths refuses an operation whose path or move target lies
// beyond a symbolic link, as the git-diff path refuses it (see
// checkBeyondLink): both kinds of patch name entries, not what links reach.
func checkEnvelopePaths(r *repo.Repo, op envOp) error {
	for _, p := range []string{op.Path, op.MoveTo} {
		if p == "" {
			continue
		}
		if err := r.CheckBeyondLink(p); err != nil {
			return spec.WithPath(err, p)
		}
	}
	return nil
}

// planAdd creates a file; an existing one is file_exists.
func planAdd(t *batch.Txn, op envOp, plan *patchPlan) error {
	st, err := t.ReadToCreate(op.Path)
	if err != nil {
		return err
	}
	if st.Exists {
		return &spec.Error{Code: spec.CodeFileExists, FilePath: st.Rel, Message: "'*** Add File' names a file that already exists; use '*** Update File' to change it"}
	}
	t.Write(st.Rel, []byte(addedContent(op.Add)), 0)
	f := plan.file(st.Rel)
	f.created, f.hunks, f.text = true, f.hunks+1, f.text+1
	return nil
}

// planDelete deletes a file (a binary one too), or a symbolic link itself
// (never its target, as git rm); a missing one is file_missing.
func planDelete(t *batch.Txn, op envOp, plan *patchPlan) error {
	st, err := t.ReadEntry(op.Path)
	if err != nil {
		return err
	}
	if !st.Exists {
		return &spec.Error{Code: spec.CodeFileMissing, FilePath: st.Rel, Message: "'*** Delete File' names a file that does not exist"}
	}
	t.Remove(st.Rel)
	f := plan.file(st.Rel)
	f.deleted, f.hunks, f.text = true, f.hunks+1, f.text+1
	return nil
}

// planUpdate applies an update's chunks and its move, if any; moving onto
// an existing file is file_exists.
func planUpdate(r *repo.Repo, t *batch.Txn, op envOp, plan *patchPlan) error {
	st, err := envSource(r, t, op)
	if err != nil {
		return err
	}
	if !st.Exists {
		return &spec.Error{Code: spec.CodeFileMissing, FilePath: st.Rel, Message: "'*** Update File' names a file that does not exist; use '*** Add File' to create it"}
	}
	content, modes, err := applyChunks(st.Rel, string(st.Content), op.Chunks)
	if err != nil {
		return err
	}
	dst := st
	if op.MoveTo != "" {
		if dst, err = t.ReadEntryToCreate(op.MoveTo); err != nil {
			return spec.WithPath(err, op.MoveTo)
		}
	}
	return planWrite(t, plan, st, dst, []byte(content), st.Mode, fileRecord{hunks: max(len(op.Chunks), 1), text: len(op.Chunks), modes: modes, renamed: dst.Rel != st.Rel})
}

// envSource reads the file an update changes. A pure move reads the entry
// itself: a binary file, or a symbolic link, which moves as git mv moves
// it. With chunks the content is edited, through a link as edit does, so
// moving a link while editing its target is refused (unsupported).
func envSource(r *repo.Repo, t *batch.Txn, op envOp) (*repo.FileState, error) {
	if len(op.Chunks) == 0 {
		return t.ReadEntry(op.Path)
	}
	if op.MoveTo != "" {
		if _, link, err := r.ResolveEntry(op.Path); err == nil && link {
			return nil, &spec.Error{Code: spec.CodeUnsupported, FilePath: op.Path, Message: "'*** Move to:' of a symbolic link with chunks: the chunks would edit the link's target while the link moves; move the link and edit its target in separate operations"}
		}
	}
	return t.Read(op.Path)
}

// fileRecord is what one file operation adds to the plan.
type fileRecord struct {
	hunks, text     int
	modeChange      string
	modes           []string
	renamed, copied bool
}

// planWrite writes content to dst (which must not exist when it differs
// from src) and removes src for a rename.
func planWrite(t *batch.Txn, plan *patchPlan, src, dst *repo.FileState, content []byte, mode os.FileMode, rec fileRecord) error {
	if dst.Rel != src.Rel && dst.Exists {
		return &spec.Error{Code: spec.CodeFileExists, FilePath: dst.Rel, Message: fmt.Sprintf("cannot move or copy %s here: the file already exists", quote.QuotePath(src.Rel))}
	}
	t.Write(dst.Rel, content, mode)
	if rec.renamed {
		t.MoveAway(src.Rel)
	}
	f := plan.file(dst.Rel)
	f.hunks += rec.hunks
	f.text += rec.text
	if rec.modeChange != "" {
		f.modeChange = rec.modeChange
	}
	f.modes = commitmsg.AppendNew(f.modes, rec.modes...)
	f.created = f.created || (dst.Rel != src.Rel)
	if dst.Rel != src.Rel {
		f.from, f.renamed, f.copied = src.Rel, rec.renamed, rec.copied
	}
	return nil
}

// applyGitPatches plans every file of every patch, in order. The
// sections of one diff are read as git apply reads them: a copy's source
// as it was before the diff (see copySources), a rename's refused when an
// earlier section changed it (see checkRenameSource). The mails of an mbox
// are applied one after the other, as git am applies them.
func applyGitPatches(r *repo.Repo, t *batch.Txn, patches []gitPatch, plan *patchPlan) error {
	for _, p := range patches {
		plan.copySources = copySources(r, t, p.Files)
		changed := map[string]bool{}
		for i, f := range p.Files {
			if err := checkRenameSource(f, changed); err != nil {
				return err
			}
			if err := applyGitFile(r, t, f, p.asGiven[i], plan); err != nil {
				return err
			}
		}
	}
	plan.copySources = nil
	return nil
}

// copySources reads the sources of a diff's copies before any of its
// sections is applied: git apply copies a file as it was before the diff
// (apply.c's previous_patch skips copies and renames), so the copy of a
// file an earlier section rewrites (git diff -B -C) holds its old bytes.
// A source that cannot be read is left out (the copy reads it then, and
// fails as it did).
func copySources(r *repo.Repo, t *batch.Txn, files []*gitdiff.File) map[string]*repo.FileState {
	var out map[string]*repo.FileState
	for _, f := range files {
		if !f.IsCopy || out[f.OldName] != nil {
			continue
		}
		if st, err := readTop(r, t, f.OldName); err == nil {
			if out == nil {
				out = map[string]*repo.FileState{}
			}
			out[f.OldName] = st
		}
	}
	return out
}

// checkRenameSource refuses a rename whose source an earlier section of
// the same diff changed (changed collects the paths the sections write or
// remove; a copy leaves its source alone): git apply would move the file
// as it was before the diff and write the earlier section's result too,
// keeping a changed d beside a new e holding d's old bytes. No diff git
// makes does so; the request is ambiguous, and refused.
func checkRenameSource(f *gitdiff.File, changed map[string]bool) error {
	if f.IsRename && changed[f.OldName] {
		return &spec.Error{Code: spec.CodeInvalidInput, FilePath: f.OldName,
			Message: "the diff renames this path after an earlier section of it changed the path: git apply would move the file as it was before the diff and keep the earlier section's result too; split the diff in two"}
	}
	if !f.IsCopy && f.OldName != "" {
		changed[f.OldName] = true
	}
	if f.NewName != "" {
		changed[f.NewName] = true
	}
	return nil
}

// applyGitFile plans one file of a git or unified diff. asGiven is the
// name a plain unified diff's change of one file gives before -p1 drops
// its first folder ("src/d.go" of "--- src/d.go.orig" / "+++ src/d.go"):
// when the -p1 name does not exist and that one does, it is the file.
func applyGitFile(r *repo.Repo, t *batch.Txn, f *gitdiff.File, asGiven string, plan *patchPlan) error {
	oldName, newName := f.OldName, f.NewName
	if asGiven != "" && !existsTop(r, oldName) && existsTop(r, asGiven) {
		oldName, newName = asGiven, asGiven
	}
	if err := verifyPatchNames(f, oldName, newName); err != nil {
		return err
	}
	if err := checkPatchModes(f, newName); err != nil {
		return err
	}
	switch {
	case f.IsNew:
		return gitCreate(r, t, newName, f, plan)
	case f.IsDelete:
		return gitDelete(r, t, oldName, f, plan)
	}
	return gitModify(r, t, oldName, newName, f, plan)
}

// existsTop reports whether a path relative to the top of the working
// tree exists.
func existsTop(r *repo.Repo, name string) bool {
	_, err := os.Lstat(filepath.Join(r.WorkTree(), filepath.FromSlash(name)))
	return err == nil
}

// readTop reads a path given relative to the top of the working tree, as
// git apply reads it: a symbolic link is the link (its target text), never
// what it points to.
func readTop(r *repo.Repo, t *batch.Txn, name string) (*repo.FileState, error) {
	st, err := t.ReadEntry(filepath.Join(r.WorkTree(), filepath.FromSlash(name)))
	if err != nil {
		return nil, spec.WithPath(err, name)
	}
	return st, nil
}

// readTopToCreate is readTop for a path the patch creates (a new file,
// a rename's or copy's destination): a folder there, or a file at one of
// its folders, is no file if the patch deletes it too, as git apply
// deletes before it creates (see batch.Txn.ReadEntryToCreate).
func readTopToCreate(r *repo.Repo, t *batch.Txn, name string) (*repo.FileState, error) {
	st, err := t.ReadEntryToCreate(filepath.Join(r.WorkTree(), filepath.FromSlash(name)))
	if err != nil {
		return nil, spec.WithPath(err, name)
	}
	return st, nil
}

// gitCreate plans a file the patch creates.
func gitCreate(r *repo.Repo, t *batch.Txn, name string, f *gitdiff.File, plan *patchPlan) error {
	st, err := readTopToCreate(r, t, name)
	if err != nil {
		return err
	}
	if st.Exists {
		return &spec.Error{Code: spec.CodeFileExists, FilePath: st.Rel, Message: "the patch creates this file, but it already exists"}
	}
	if err := checkPatchBlob(r, st, f); err != nil {
		return err
	}
	res, err := applyFileChange(st.Rel, nil, f)
	if err != nil {
		return err
	}
	t.Write(st.Rel, res.Content, patchPerm(f.NewMode, 0))
	pf := plan.file(st.Rel)
	pf.created, pf.hunks, pf.text = true, pf.hunks+max(res.Hunks, 1), pf.text+res.Hunks
	pf.modes = commitmsg.AppendNew(pf.modes, "exact")
	return nil
}

// gitDelete plans a file the patch deletes: its content must be exactly
// what the patch removes.
func gitDelete(r *repo.Repo, t *batch.Txn, name string, f *gitdiff.File, plan *patchPlan) error {
	st, err := readTop(r, t, name)
	if err != nil {
		return err
	}
	if !st.Exists {
		return &spec.Error{Code: spec.CodeFileMissing, FilePath: st.Rel, Message: "the patch deletes this file, but it does not exist"}
	}
	if err := checkEntryType(st, f); err != nil {
		return err
	}
	if err := checkPatchBlob(r, st, f); err != nil {
		return err
	}
	res, err := applyChange(r, st, f)
	if err != nil {
		return err
	}
	if len(res.Content) > 0 {
		return &spec.Error{Code: spec.CodeNotFound, FilePath: st.Rel, Message: "the patch deletes this file, but the file holds content the patch does not remove"}
	}
	t.Remove(st.Rel)
	pf := plan.file(st.Rel)
	pf.deleted, pf.hunks, pf.text = true, pf.hunks+max(res.Hunks, 1), pf.text+res.Hunks
	plan.notes = append(plan.notes, res.Notes...)
	return nil
}

// gitModify plans a modification, rename, copy or mode change.
func gitModify(r *repo.Repo, t *batch.Txn, oldName, newName string, f *gitdiff.File, plan *patchPlan) error {
	src, err := plan.copySources[oldName], error(nil)
	if !f.IsCopy || src == nil {
		if src, err = readTop(r, t, oldName); err != nil {
			return err
		}
	}
	if !src.Exists {
		return &spec.Error{Code: spec.CodeFileMissing, FilePath: src.Rel, Message: "the patch changes this file, but it does not exist"}
	}
	if err := checkEntryType(src, f); err != nil {
		return err
	}
	if err := checkPatchBlob(r, src, f); err != nil {
		return err
	}
	res, err := applyChange(r, src, f)
	if err != nil {
		return err
	}
	dst := src
	if (f.IsRename || f.IsCopy) && newName != oldName {
		if dst, err = readTopToCreate(r, t, newName); err != nil {
			return err
		}
	}
	plan.notes = append(plan.notes, res.Notes...)
	rec := fileRecord{hunks: max(res.Hunks, 1), text: res.Hunks, modes: []string{"exact"}, renamed: f.IsRename, copied: f.IsCopy}
	if f.OldMode != 0 && f.NewMode != 0 && f.OldMode != f.NewMode {
		rec.modeChange = fmt.Sprintf("%06o => %06o", uint32(f.OldMode), uint32(f.NewMode))
	}
	return planWrite(t, plan, src, dst, res.Content, patchPerm(f.NewMode, src.Mode), rec)
}

// checkEntryType refuses a patch whose old mode says a symbolic link where
// the working tree has a file, or the reverse (git apply only warns, then
// writes the other type).
func checkEntryType(st *repo.FileState, f *gitdiff.File) error {
	if f.OldMode == 0 || (f.OldMode&0o170000 == 0o120000) == st.IsLink() {
		return nil
	}
	what := "a file"
	if st.IsLink() {
		what = "a symbolic link"
	}
	return &spec.Error{Code: spec.CodeNotFound, FilePath: st.Rel, Message: fmt.Sprintf("the patch expects mode %o, but the working tree has %s here", f.OldMode, what)}
}

// checkPatchModes refuses submodules, and a change of type between a file
// and a symbolic link, which gitedit does not write.
func checkPatchModes(f *gitdiff.File, name string) error {
	for _, m := range []os.FileMode{f.OldMode, f.NewMode} {
		switch m & 0o170000 {
		case 0, 0o100000, 0o120000:
		default:
			return &spec.Error{Code: spec.CodeUnsupported, FilePath: name, Message: fmt.Sprintf("the patch changes an entry of mode %o (a submodule?); gitedit patches files and symbolic links only", m)}
		}
	}
	if f.OldMode != 0 && f.NewMode != 0 && (f.OldMode&0o170000 == 0o120000) != (f.NewMode&0o170000 == 0o120000) {
		return &spec.Error{Code: spec.CodeUnsupported, FilePath: name, Message: "the patch turns a file into a symbolic link or the reverse; gitedit does not change an entry's type"}
	}
	return nil
}

// patchPerm maps a patch's mode (0: not given) to 0755, 0644 or a
// symbolic link, or keeps cur (0 meaning the default for a new file).
func patchPerm(m, cur os.FileMode) os.FileMode {
	switch {
	case m == 0:
		return cur
	case m&0o170000 == 0o120000:
		return batch.ModeSymlink
	}
	if m&0o111 != 0 {
		return 0o755
	}
	return 0o644
}
