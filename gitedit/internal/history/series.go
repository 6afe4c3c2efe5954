package history

import (
	"bytes"
	"compress/zlib"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/engine/diff"
	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/gitdiff"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// Series exports commits as numbered format-patch emails that git am
// applies, and writes them to req.OutputDir (relative to the directory the
// repository was opened from) when it is set. No commit to export is
// not_found.
func Series(ctx context.Context, r *repo.Repo, req spec.SeriesRequest) (*spec.SeriesResult, error) {
	h, err := openHistory(r)
	if err != nil {
		return nil, err
	}
	res, err := h.series(ctx, req)
	if err != nil || req.OutputDir == "" {
		return res, err
	}
	dir := req.OutputDir
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(r.Dir(), dir)
	}
	return res, writeSeries(res, dir)
}

// writeSeries stores each patch in dir under its name.
func writeSeries(s *spec.SeriesResult, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return spec.IOError("create "+dir, err)
	}
	s.Dir = dir
	for i := range s.Patches {
		p := &s.Patches[i]
		p.Path = filepath.Join(dir, p.Name)
		if err := os.WriteFile(p.Path, []byte(p.Content), 0o644); err != nil {
			return spec.IOError("write "+p.Path, err)
		}
	}
	return nil
}

// series selects the commits and formats them.
func (h *history) series(ctx context.Context, req spec.SeriesRequest) (*spec.SeriesResult, error) {
	sig := req.Signature
	if sig == "" {
		sig = "gitedit"
	}
	if req.Range == "" && req.Session != "" && h.repo != nil {
		if res, ok, err := h.sessionSeries(ctx, req, sig); ok {
			return res, err
		}
	}
	commits, err := h.seriesCommits(req)
	if err != nil {
		return nil, err
	}
	res := &spec.SeriesResult{Patches: []spec.SeriesPatch{}}
	if req.Range == "" && req.Session != "" && h.repo != nil {
		res.Notes = append(res.Notes, noLedgerNote(req.Session, "exporting its commits on the branch instead"))
	}
	if req.CoverLetter {
		cover, err := h.coverLetter(ctx, commits, req.Session, sig)
		if err != nil {
			return nil, err
		}
		res.Patches = append(res.Patches, cover)
	}
	for i, c := range commits {
		p, err := h.formatPatch(ctx, c, i+1, len(commits), sig)
		if err != nil {
			return nil, err
		}
		res.Patches = append(res.Patches, p)
	}
	return res, nil
}

// seriesCommits returns the commits to export, oldest first: req.Range,
// else the gitedit commits of req.Session along HEAD's first parents,
// else the run of gitedit commits at the tip. Merges are skipped, as git
// format-patch does.
func (h *history) seriesCommits(req spec.SeriesRequest) ([]*objects.CommitInfo, error) {
	var commits []*objects.CommitInfo
	var err error
	switch {
	case req.Range != "":
		commits, err = h.rangeCommits(req.Range)
	case h.head.IsZero():
	default:
		err = h.firstParents(h.head, func(c *objects.CommitInfo) bool {
			e, ok := entryOf(c)
			if ok && (req.Session == "" || e.Session == req.Session) {
				commits = append(commits, c)
			}
			return ok || req.Session != ""
		})
	}
	if err != nil {
		return nil, err
	}
	commits = withoutMerges(commits)
	if len(commits) == 0 {
		return nil, spec.Errorf(spec.CodeNotFound, "no commit to export: %s", emptySeriesReason(req, h.head.IsZero()))
	}
	reverse(commits)
	return commits, nil
}

// emptySeriesReason explains an empty selection; unborn says the branch
// has no commit at all.
func emptySeriesReason(req spec.SeriesRequest, unborn bool) string {
	switch {
	case req.Range != "":
		return fmt.Sprintf("the range %s holds no commit", req.Range)
	case unborn:
		return "the current branch has no commits yet"
	case req.Session != "":
		return fmt.Sprintf("no gitedit commit of session %q on the branch, and no ledger of it (none was recorded here, or gitedit session drop deleted it)", req.Session)
	}
	return "the commit at the tip of the branch is not a gitedit commit (give a range)"
}

// rangeCommits returns the commits of "A..B", "A.." or "A" (= A..HEAD),
// newest first, along B's first parents; A must be on that path.
func (h *history) rangeCommits(rng string) ([]*objects.CommitInfo, error) {
	from, to, found := strings.Cut(rng, "..")
	if !found || to == "" {
		to = "HEAD"
	}
	stop, err := h.resolve(from)
	if err != nil {
		return nil, err
	}
	tip, err := h.resolve(to)
	if err != nil {
		return nil, err
	}
	var commits []*objects.CommitInfo
	reached := false
	err = h.firstParents(tip, func(c *objects.CommitInfo) bool {
		reached = c.Hash == stop
		if !reached {
			commits = append(commits, c)
		}
		return !reached
	})
	if err == nil && !reached {
		err = spec.Errorf(spec.CodeInvalidInput, "range %s: %s is not on the first-parent history of %s", rng, from, to)
	}
	return commits, err
}

// withoutMerges drops commits with several parents.
func withoutMerges(commits []*objects.CommitInfo) []*objects.CommitInfo {
	out := commits[:0]
	for _, c := range commits {
		if len(c.Parents) <= 1 {
			out = append(out, c)
		}
	}
	return out
}

// reverse reverses a slice in place.
func reverse[T any](s []T) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

// commitChanges returns the files c changes against its first parent
// (the empty tree for a root commit).
func (h *history) commitChanges(c *objects.CommitInfo) ([]fileChange, error) {
	var parentTree plumbing.Hash
	if len(c.Parents) > 0 {
		p, err := h.commit(c.Parents[0])
		if err != nil {
			return nil, err
		}
		parentTree = p.Tree
	}
	return h.treeDiff(parentTree, c.Tree, "", nil)
}

// formatPatch writes commit c as email n of m, as git format-patch does.
func (h *history) formatPatch(ctx context.Context, c *objects.CommitInfo, n, m int, sig string) (spec.SeriesPatch, error) {
	changes, err := h.commitChanges(c)
	if err != nil {
		return spec.SeriesPatch{}, err
	}
	diff, stat, err := h.renderDiff(changes)
	if err != nil {
		return spec.SeriesPatch{}, err
	}
	subject, body := splitMessage(c.Message)
	var b strings.Builder
	writeMailHeader(&b, c.Hash.String(), c.Author, subjectPrefix(n, m)+" ", subject, !isASCII(c.Message))
	if body != "" {
		b.WriteString(body + "\n")
	}
	fmt.Fprintf(&b, "---\n%s\n%s-- \n%s\n\n", stat, diff, sig)
	return spec.SeriesPatch{Name: patchFileName(n, subject), Commit: c.Hash.String(), Subject: subject, Content: b.String()}, nil
}

// subjectPrefix is "[PATCH]" for a single patch, else "[PATCH n/m]" with
// n zero-padded to the width of m, as git writes it ("[PATCH 01/12]"; the
// cover letter is n = 0).
func subjectPrefix(n, m int) string {
	if m == 1 && n == 1 {
		return "[PATCH]"
	}
	return fmt.Sprintf("[PATCH %0*d/%d]", len(strconv.Itoa(m)), n, m)
}

// writeMailHeader writes the mbox From line and the email headers, then
// the blank line that ends them.
func writeMailHeader(b *strings.Builder, id string, who objects.Signature, prefix, subject string, mime8bit bool) {
	fmt.Fprintf(b, "From %s Mon Sep 17 00:00:00 2001\n", id)
	fmt.Fprintf(b, "From: %s <%s>\n", mailName(who.Name), who.Email)
	fmt.Fprintf(b, "Date: %s\n", who.When.Format("Mon, 2 Jan 2006 15:04:05 -0700"))
	fmt.Fprintf(b, "Subject: %s%s\n", prefix, mailText(subject, len("Subject: ")+len(prefix), false))
	if mime8bit {
		b.WriteString("MIME-Version: 1.0\nContent-Type: text/plain; charset=UTF-8\nContent-Transfer-Encoding: 8bit\n")
	}
	b.WriteString("\n")
}

// mailText RFC 2047-encodes s when it is not ASCII, as git does, folding
// at 76 columns; col is the column where s starts.
func mailText(s string, col int, address bool) string {
	if isASCII(s) {
		return s
	}
	const open, maxLen = "=?UTF-8?q?", 76
	var b strings.Builder
	b.WriteString(open)
	col += len(open)
	for _, r := range s {
		enc := string(r)
		if r >= 0x80 || rfc2047Special(byte(r), address) {
			enc = ""
			for _, c := range []byte(string(r)) {
				enc += fmt.Sprintf("=%02X", c)
			}
		}
		if col+len(enc)+2 > maxLen {
			b.WriteString("?=\n " + open)
			col = len(open) + 1
		}
		b.WriteString(enc)
		col += len(enc)
	}
	return b.String() + "?="
}

// rfc2047Special is git's is_rfc2047_special for an ASCII byte: '=',
// '?', '_' and whitespace always; in an address phrase anything but
// letters, digits and "!*+-/".
func rfc2047Special(c byte, address bool) bool {
	if c == '=' || c == '?' || c == '_' || c == ' ' || c == '\t' || c == '\n' {
		return true
	}
	alnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	return address && !(alnum || strings.IndexByte("!*+-/", c) >= 0)
}

// mailName formats a display name: encoded when not ASCII, quoted when
// it holds RFC 822 specials.
func mailName(name string) string {
	if !isASCII(name) {
		return mailText(name, len("From: "), true)
	}
	if strings.ContainsAny(name, `()<>@,;:\".[]`) {
		return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(name) + `"`
	}
	return name
}

// isASCII reports whether s has only 7-bit bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// patchNameMax is git's format.filenameMaxLength default.
const patchNameMax = 64

// patchFileName is git's file name for email n: "0001-<sanitized
// subject>.patch", at most 64 characters.
func patchFileName(n int, subject string) string {
	name := fmt.Sprintf("%04d-", n) + sanitizeSubject(subject)
	if limit := patchNameMax - len(".patch") - 1; len(name) > limit {
		name = name[:limit]
	}
	return name + ".patch"
}

// sanitizeSubject is git's format_sanitized_subject: runs of characters
// other than letters, digits, '.' and '_' become one '-', runs of '.'
// collapse, and trailing '.' and '-' are dropped.
func sanitizeSubject(s string) string {
	var b strings.Builder
	space := 2
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isTitleChar(c) {
			space |= 1
			continue
		}
		if space == 1 {
			b.WriteByte('-')
		}
		space = 0
		b.WriteByte(c)
		for c == '.' && i+1 < len(s) && s[i+1] == '.' {
			i++
		}
	}
	return strings.TrimRight(b.String(), ".-")
}

// isTitleChar is git's istitlechar.
func isTitleChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_'
}

// renderDiff returns the git diff of changes (text hunks with 3 lines of
// context, binary files as GIT binary patch literals) and its diffstat
// with summary.
func (h *history) renderDiff(changes []fileChange) (string, string, error) {
	var out bytes.Buffer
	stats := make([]diff.FileStat, 0, len(changes))
	for _, c := range changes {
		st, err := h.renderChange(&out, c, renderFile)
		if err != nil {
			return "", "", err
		}
		stats = append(stats, st)
	}
	return out.String(), diff.FormatStat(stats), nil
}

// renderFile writes one file's diff and returns its stat. Headers name
// the files as git quotes them; the hunks are engine's (diff.GitHunks).
func renderFile(w *bytes.Buffer, fp *filePatch) diff.FileStat {
	st := statOf(fp)
	writeHeader(w, fp.from, fp.to)
	if fp.from != nil && fp.to != nil && fp.from.hash == fp.to.hash {
		return st // a mode change alone
	}
	if fp.IsBinary() {
		st.Binary, st.OldSize, st.NewSize = true, len(fp.old), len(fp.cur)
		writeBinaryPatch(w, fp.cur, fp.old)
		return st
	}
	fmt.Fprintf(w, "--- %s\n+++ %s\n", diff.DiffName("a/", fp.from.Path()), diff.DiffName("b/", fp.to.Path()))
	w.WriteString(fp.hunks)
	return st
}

// writeHeader writes a file's git diff header: the "diff --git" line, the
// new, deleted or changed mode and the index line, with names quoted as
// git quotes them and full ids (git abbreviates a text file's; git am
// takes both).
func writeHeader(w *bytes.Buffer, from, to *treeFile) {
	a, b := from, to
	if a == nil {
		a = to
	} else if b == nil {
		b = from
	}
	fmt.Fprintf(w, "diff --git %s %s\n", quote.QuotePath("a/"+a.path), quote.QuotePath("b/"+b.path))
	zero := plumbing.ZeroHash
	switch {
	case from == nil:
		fmt.Fprintf(w, "new file mode %o\nindex %s..%s\n", to.mode, zero, to.hash)
	case to == nil:
		fmt.Fprintf(w, "deleted file mode %o\nindex %s..%s\n", from.mode, from.hash, zero)
	case from.mode != to.mode:
		fmt.Fprintf(w, "old mode %o\nnew mode %o\n", from.mode, to.mode)
		if from.hash != to.hash {
			fmt.Fprintf(w, "index %s..%s\n", from.hash, to.hash)
		}
	default:
		fmt.Fprintf(w, "index %s..%s %o\n", from.hash, to.hash, to.mode)
	}
}

// writeBinaryPatch writes "GIT binary patch" with the new content as a
// literal and the old one as the reverse literal.
func writeBinaryPatch(w *bytes.Buffer, cur, old []byte) {
	w.WriteString("GIT binary patch\n")
	writeLiteral(w, cur)
	writeLiteral(w, old)
}

// writeLiteral writes one "literal N" block: zlib data in base85 lines,
// by go-gitdiff's encoder.
func writeLiteral(w *bytes.Buffer, data []byte) {
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	_, _ = zw.Write(data) // writes to a bytes.Buffer cannot fail
	_ = zw.Close()
	frag := gitdiff.BinaryFragment{Method: gitdiff.BinaryPatchLiteral, Size: int64(len(data)), RawData: z.Bytes()}
	w.WriteString(frag.String())
}

// statOf counts a file patch's added and deleted lines; names are
// quoted as git quotes them.
func statOf(fp *filePatch) diff.FileStat {
	from, to := fp.from, fp.to
	st := diff.FileStat{}
	switch {
	case from == nil:
		st.Name = quote.QuotePath(to.path)
		st.Summary = fmt.Sprintf("create mode %o %s", to.mode, st.Name)
	case to == nil:
		st.Name = quote.QuotePath(from.path)
		st.Summary = fmt.Sprintf("delete mode %o %s", from.mode, st.Name)
	default:
		st.Name = quote.QuotePath(to.path)
		if from.mode != to.mode {
			st.Summary = fmt.Sprintf("mode change %o => %o %s", from.mode, to.mode, st.Name)
		}
	}
	st.Added, st.Deleted = fp.added, fp.deleted
	return st
}

// coverLetter writes email 0 of the series: a summary of the session
// (files, edits, agents, tools), the shortlog and the overall diffstat.
func (h *history) coverLetter(ctx context.Context, commits []*objects.CommitInfo, session, sig string) (spec.SeriesPatch, error) {
	last := commits[len(commits)-1]
	stat, err := h.seriesStat(commits)
	if err != nil {
		return spec.SeriesPatch{}, err
	}
	subject := coverSubject(commits, session)
	var b strings.Builder
	writeMailHeader(&b, last.Hash.String(), last.Author, subjectPrefix(0, len(commits))+" ", subject, false)
	b.WriteString(coverBlurb(commits))
	b.WriteString("\n" + shortlog(commits) + "\n" + stat + "\n-- \n" + sig + "\n\n")
	return spec.SeriesPatch{Name: "0000-cover-letter.patch", Subject: subject, Content: b.String()}, nil
}

// coverSubject names the series.
func coverSubject(commits []*objects.CommitInfo, session string) string {
	if session != "" {
		return fmt.Sprintf("gitedit session %s: %s", session, commitmsg.Plural(len(commits), "change"))
	}
	return "gitedit: " + commitmsg.Plural(len(commits), "change")
}

// coverBlurb summarises the series from the commits' trailers.
func coverBlurb(commits []*objects.CommitInfo) string {
	var files, agents, tools, sessions []string
	edits := 0
	for _, c := range commits {
		e, _ := entryOf(c)
		files = commitmsg.AppendNew(files, e.Files...)
		agents, tools, sessions = appendSet1(agents, e.Agent), appendSet1(tools, e.Tool), appendSet1(sessions, e.Session)
		edits += e.Count
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s, %s applied by gitedit.\n\n", commitmsg.Plural(len(commits), "commit"), commitmsg.Plural(edits, "edit"))
	for _, kv := range []struct {
		key  string
		list []string
	}{{"Sessions", sessions}, {"Agents", agents}, {"Tools", tools}, {"Files", files}} {
		if len(kv.list) > 0 {
			fmt.Fprintf(&b, "%s: %s\n", kv.key, strings.Join(kv.list, ", "))
		}
	}
	return b.String()
}

// appendSet1 appends v to list unless it is empty or already there.
func appendSet1(list []string, v string) []string {
	if v == "" {
		return list
	}
	return commitmsg.AppendNew(list, v)
}

// shortlog is git's shortlog of the commits, grouped by author.
func shortlog(commits []*objects.CommitInfo) string {
	var authors []string
	byAuthor := map[string][]string{}
	for _, c := range commits {
		a := c.Author.Name
		authors = commitmsg.AppendNew(authors, a)
		subject, _ := splitMessage(c.Message)
		byAuthor[a] = append(byAuthor[a], subject)
	}
	var b strings.Builder
	for _, a := range authors {
		fmt.Fprintf(&b, "%s (%d):\n", a, len(byAuthor[a]))
		for _, s := range byAuthor[a] {
			b.WriteString("  " + s + "\n")
		}
		b.WriteString("\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// seriesStat is the diffstat from before the first commit to the last.
func (h *history) seriesStat(commits []*objects.CommitInfo) (string, error) {
	first, last := commits[0], commits[len(commits)-1]
	var base plumbing.Hash
	if len(first.Parents) > 0 {
		p, err := h.commit(first.Parents[0])
		if err != nil {
			return "", err
		}
		base = p.Tree
	}
	changes, err := h.treeDiff(base, last.Tree, "", nil)
	if err != nil {
		return "", err
	}
	_, stat, err := h.renderDiff(changes)
	return stat, err
}
