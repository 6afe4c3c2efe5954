package repo

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/attr"
	"github.com/gitedit/gitedit/gitedit/internal/gitconfig"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// crlfAction is what git does with line endings when a file is added; the
// names follow git's convert.c.
type crlfAction int

const (
	crlfUndefined crlfAction = iota
	crlfBinary               // -text, binary, autocrlf=false: stored as is
	crlfText                 // text: CRLF → LF
	crlfTextInput            // text with eol=lf or autocrlf=input
	crlfTextCRLF             // text with eol=crlf
	crlfAuto                 // text=auto: CRLF → LF when the content is text
	crlfAutoInput            // text=auto eol=lf, or autocrlf=input
	crlfAutoCRLF             // text=auto eol=crlf, or autocrlf=true
)

// isAuto reports whether git guesses text or binary for this action.
func (a crlfAction) isAuto() bool {
	return a == crlfAuto || a == crlfAutoInput || a == crlfAutoCRLF
}

// ToGit converts working-tree content of rel into the content
// `git hash-object rel` hashes: line endings converted as core.autocrlf
// and the text/crlf/eol attributes say. It refuses with unsupported when
// a filter (clean/smudge, LFS), working-tree-encoding or ident applies.
// Unlike `git add`, it does not look at the index (see toGitForIndex).
func (r *Repo) ToGit(rel string, content []byte) ([]byte, error) {
	return r.convertToGit(rel, content, nil)
}

// ToGitForIndex is toGit as `git add` does it: under text=auto or
// core.autocrlf, a file whose index blob (indexBlob; zero when the path is
// not in the index) is text already holding CRLF is stored unconverted.
func (r *Repo) ToGitForIndex(rel string, content []byte, indexBlob plumbing.Hash) ([]byte, error) {
	return r.convertToGit(rel, content, func() bool { return r.blobHasCRLF(indexBlob) })
}

// HashFile returns the blob id `git hash-object rel` prints for content.
func (r *Repo) HashFile(rel string, content []byte) (plumbing.Hash, error) {
	data, err := r.ToGit(rel, content)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	return plumbing.ComputeHash(plumbing.BlobObject, data), nil
}

// convertToGit applies the conversion of rel to content; indexHasCRLF
// (nil: never) tells whether the index copy already has CRLF.
func (r *Repo) convertToGit(rel string, content []byte, indexHasCRLF func() bool) ([]byte, error) {
	action, err := r.crlfActionFor(rel)
	if err != nil {
		return nil, err
	}
	return crlfToGit(content, action, indexHasCRLF), nil
}

// crlfActionFor decides the line-ending action for rel from its attributes
// and core.autocrlf, as git's convert_attrs does, refusing the attributes
// gitedit cannot apply.
func (r *Repo) crlfActionFor(rel string) (crlfAction, error) {
	a, err := r.Attributes(rel)
	if err != nil {
		return crlfUndefined, err
	}
	if err := checkUnsupportedAttrs(rel, a); err != nil {
		return crlfUndefined, err
	}
	auto, err := r.autoCRLF()
	if err != nil {
		return crlfUndefined, err
	}
	return decideCRLF(a, auto), nil
}

// checkUnsupportedAttrs refuses filter=<driver>, working-tree-encoding=<x>
// and ident: gitedit cannot reproduce what git add would store.
func checkUnsupportedAttrs(rel string, a attr.Attrs) error {
	for _, name := range []string{"filter", "working-tree-encoding"} {
		if v := a[name]; v.State == attr.Valued {
			return &spec.Error{Code: spec.CodeUnsupported, FilePath: rel,
				Message: fmt.Sprintf("attribute %s=%s applies (clean/smudge conversions are not supported)", name, v.Text)}
		}
	}
	if a["ident"].State == attr.Set {
		return &spec.Error{Code: spec.CodeUnsupported, FilePath: rel, Message: "attribute ident applies ($Id$ expansion is not supported)"}
	}
	return nil
}

// autoCRLF returns core.autocrlf: "true", "input" or "false".
func (r *Repo) autoCRLF() (string, error) {
	v, ok := r.config.Last("core.autocrlf")
	if !ok {
		return "false", nil
	}
	if strings.EqualFold(v.Text, "input") {
		return "input", nil
	}
	b, err := gitconfig.ParseBool(v)
	if err != nil {
		return "", spec.Errorf(spec.CodeInvalidInput, "config core.autocrlf: %v", err)
	}
	return fmt.Sprint(b), nil
}

// decideCRLF is git's convert_attrs for the check-in direction: text (or
// the old crlf) attribute, then eol, then core.autocrlf.
func decideCRLF(a attr.Attrs, autocrlf string) crlfAction {
	action := textAttr(a["text"])
	if action == crlfUndefined {
		action = textAttr(a["crlf"])
	}
	if action != crlfBinary {
		action = applyEOL(action, a["eol"])
	}
	if action != crlfUndefined {
		return action
	}
	switch autocrlf {
	case "true":
		return crlfAutoCRLF
	case "input":
		return crlfAutoInput
	}
	return crlfBinary
}

// textAttr maps the text (or crlf) attribute to an action.
func textAttr(v attr.Value) crlfAction {
	switch {
	case v.State == attr.Set:
		return crlfText
	case v.State == attr.Unset:
		return crlfBinary
	case v.State == attr.Valued && v.Text == "input":
		return crlfTextInput
	case v.State == attr.Valued && v.Text == "auto":
		return crlfAuto
	}
	return crlfUndefined
}

// applyEOL refines action with the eol attribute (eol alone implies text).
func applyEOL(action crlfAction, eol attr.Value) crlfAction {
	if eol.State != attr.Valued || (eol.Text != "lf" && eol.Text != "crlf") {
		return action
	}
	switch {
	case action == crlfAuto && eol.Text == "lf":
		return crlfAutoInput
	case action == crlfAuto:
		return crlfAutoCRLF
	case eol.Text == "lf":
		return crlfTextInput
	}
	return crlfTextCRLF
}

// crlfToGit is git's crlf_to_git: CRLF becomes LF unless the action is
// binary, the content has no CRLF, or (auto actions) the content looks
// binary or the index copy already has CRLF.
func crlfToGit(src []byte, action crlfAction, indexHasCRLF func() bool) []byte {
	if action == crlfBinary || action == crlfUndefined || !bytes.Contains(src, []byte("\r\n")) {
		return src
	}
	if action.isAuto() && (gatherStats(src).isBinary() || (indexHasCRLF != nil && indexHasCRLF())) {
		return src
	}
	return dropCRBeforeLF(src)
}

// dropCRBeforeLF returns src with every "\r\n" turned into "\n".
func dropCRBeforeLF(src []byte) []byte {
	out := make([]byte, 0, len(src))
	for {
		i := bytes.Index(src, []byte("\r\n"))
		if i < 0 {
			return append(out, src...)
		}
		out = append(out, src[:i]...)
		src = src[i+1:]
	}
}

// textStats counts what git's gather_stats counts.
type textStats struct {
	nul, loneCR, loneLF, crlf, printable, nonPrintable int
}

// byteClass classifies the bytes other than CR and LF for gatherStats.
type byteClass uint8

const (
	classPrintable byteClass = iota
	classNonPrintable
	classNUL
	classCR
	classLF
)

// byteClasses is git's gather_stats classification: DEL and control
// characters other than BS, HT, ESC and FF are non-printable (a literal:
// static data, not a table computed when the program starts;
// TestByteClassesAreGitsGatherStats).
var byteClasses = [256]byteClass{
	0: classNUL, 1: np, 2: np, 3: np, 4: np, 5: np, 6: np, 7: np,
	'\b': classPrintable, '\t': classPrintable, '\n': classLF, 11: np, 014: classPrintable, '\r': classCR, 14: np, 15: np,
	16: np, 17: np, 18: np, 19: np, 20: np, 21: np, 22: np, 23: np,
	24: np, 25: np, 26: np, 033: classPrintable, 28: np, 29: np, 30: np, 31: np,
	127: np,
}

// np is classNonPrintable, for the table above.
const np = classNonPrintable

// gatherStats is git's gather_stats over the whole content.
func gatherStats(buf []byte) textStats {
	var s textStats
	for i := 0; i < len(buf); i++ {
		switch byteClasses[buf[i]] {
		case classPrintable:
			s.printable++
		case classNonPrintable:
			s.nonPrintable++
		case classNUL:
			s.nul++
			s.nonPrintable++
		case classLF:
			s.loneLF++
		case classCR:
			if i+1 < len(buf) && buf[i+1] == '\n' {
				s.crlf++
				i++
			} else {
				s.loneCR++
			}
		}
	}
	if len(buf) > 0 && buf[len(buf)-1] == 032 { // a final ^Z (DOS EOF) is not counted
		s.nonPrintable--
	}
	return s
}

// isBinary is git's convert_is_binary: a lone CR, a NUL, or more than one
// non-printable byte per 128 printable ones.
func (s textStats) isBinary() bool {
	return s.loneCR > 0 || s.nul > 0 || (s.printable>>7) < s.nonPrintable
}

// blobHasCRLF is git's has_crlf_in_index for the blob id: a text blob
// holding at least one CRLF. A zero or unreadable id counts as false.
func (r *Repo) blobHasCRLF(id plumbing.Hash) bool {
	if id.IsZero() {
		return false
	}
	db := objects.NewDB(r.ObjectsDir())
	db.PackCache = r.packs
	defer db.Close()
	data, err := db.Read(plumbing.BlobObject, id)
	if err != nil || bytes.IndexByte(data, '\r') < 0 {
		return false
	}
	st := gatherStats(data)
	return !st.isBinary() && st.crlf > 0
}

// Attributes resolves the attributes of rel (attr.Cache.Lookup); an
// Attributes file that cannot be read is io_error.
func (r *Repo) Attributes(rel string) (attr.Attrs, error) {
	attrs, err := r.attrs.Lookup(r.workTree, r.commonDir, rel)
	var re *attr.ReadError
	if errors.As(err, &re) {
		return nil, spec.IOError(re.What, re.Err)
	}
	return attrs, err
}

// attrFilePaths returns the system attributes file (/etc/gitattributes
// unless GIT_ATTR_NOSYSTEM) and the global one (core.attributesFile, else
// $XDG_CONFIG_HOME/git/attributes or ~/.config/git/attributes).
func attrFilePaths(cfg *gitconfig.Config, env func(string) (string, bool)) (system, global string) {
	if v, _ := env("GIT_ATTR_NOSYSTEM"); !gitconfig.IsTrue(v) {
		system = "/etc/gitattributes"
	}
	if v, ok := cfg.Get("core.attributesFile"); ok && v != "" {
		return system, gitconfig.ExpandHome(v, env)
	}
	home, _ := env("HOME")
	if xdg, _ := env("XDG_CONFIG_HOME"); xdg != "" {
		return system, filepath.Join(xdg, "git", "attributes")
	}
	if home != "" {
		global = filepath.Join(home, ".config", "git", "attributes")
	}
	return system, global
}
