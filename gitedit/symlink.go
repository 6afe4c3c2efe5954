package gitedit

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/gitedit/internal/gitpath"
)

// A symbolic link is an entry of its own to git: its blob is the link's
// target text, its mode 120000, and git rm and git mv act on the link,
// never on what it points to. A patch's deletion or move of a link (a git
// diff's, or an envelope's *** Delete File and *** Move to) does the same;
// an edit through a link still edits its target (see resolvePath).

// modeSymlink is the fileState mode of a symbolic link.
const modeSymlink = os.ModeSymlink

// isLink reports whether st is a symbolic link.
func (st *fileState) isLink() bool { return st.Exists && st.Mode&os.ModeSymlink != 0 }

// entryMode is the git mode of the working-tree entry st: 120000 for a
// link, else from the executable bit.
func entryMode(st *fileState) filemode.FileMode {
	if st.isLink() {
		return filemode.Symlink
	}
	return modeOf(st.Mode)
}

// resolveEntry resolves p as resolvePath does, except that when p's last
// component is a symbolic link the link itself is the entry (link is then
// true): its folders are resolved, the link is not followed.
func (r *Repo) resolveEntry(p string) (rel string, link bool, err error) {
	if err := checkPathSyntax(p); err != nil {
		return "", false, err
	}
	lexical := filepath.Clean(absFrom(r.dir, p))
	parent, err := resolveSymlinks(filepath.Dir(lexical))
	if err != nil {
		return "", false, pathError(p, err)
	}
	full := filepath.Join(parent, filepath.Base(lexical))
	if fi, err := os.Lstat(full); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		rel, _, err := r.resolvePath(p)
		return rel, false, err
	}
	if rel, err = r.relInside(p, full); err != nil {
		return "", false, err
	}
	if err := verifyPath(rel, gitpath.ModeSymlink); err != nil {
		return "", false, err
	}
	return rel, true, r.checkNested(p, rel)
}

// readEntry returns the state of the entry p names (see resolveEntry): a
// symbolic link as a link (its target text as content), anything else as
// readAny reads it (from the path resolveEntry resolved, not resolved
// again).
func (t *txn) readEntry(p string) (*fileState, error) {
	if err := t.r.checkBeyondLink(p); err != nil {
		return nil, err
	}
	rel, link, err := t.r.resolveEntry(p)
	if err == nil {
		err = checkFileName(p)
	}
	if err != nil {
		return nil, err
	}
	if !link {
		return t.readAnyRel(rel)
	}
	return t.readLinkRel(rel)
}

// readRelEntry is readRel for a repository-relative path that may be a
// symbolic link, read as the link (undo restores entries, not targets).
func (t *txn) readRelEntry(rel string) (*fileState, error) {
	if _, ok := t.cur[rel]; !ok {
		if fi, err := os.Lstat(t.r.abs(rel)); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return t.readLinkRel(rel)
		}
	}
	return t.readRel(rel)
}

// readLinkRel reads the symbolic link rel: its target text as content.
func (t *txn) readLinkRel(rel string) (*fileState, error) {
	if st, ok := t.cur[rel]; ok {
		return st.clone(), nil
	}
	if err := t.checkReadable(rel); err != nil {
		return nil, err
	}
	target, err := os.Readlink(t.r.abs(rel))
	if err != nil {
		return nil, &Error{Code: CodeIOError, FilePath: rel, Message: fmt.Sprintf("readlink: %v", err), Err: err}
	}
	st := &fileState{Rel: rel, Exists: true, Content: []byte(target), Mode: modeSymlink}
	t.orig[rel], t.cur[rel] = st, st.clone()
	t.order = append(t.order, rel)
	return st.clone(), nil
}

// checkLinkPrefixes refuses a batch that would leave a symbolic link at a
// folder of another path it writes: the file would be written through the
// link (git apply refuses paths beyond a symbolic link too).
func (t *txn) checkLinkPrefixes() error {
	if !t.plansLink() {
		return nil
	}
	for _, rel := range t.order {
		st := t.cur[rel]
		if !st.Exists {
			continue
		}
		for dir := parentOf(rel); dir != ""; dir = parentOf(dir) {
			if l, ok := t.cur[dir]; ok && l.isLink() {
				return &Error{Code: CodeUnsupported, FilePath: rel, Message: fmt.Sprintf("the batch writes %s beyond the symbolic link %s", engine.QuotePath(rel), engine.QuotePath(dir))}
			}
		}
	}
	return nil
}

// plansLink reports whether the batch leaves a symbolic link anywhere.
func (t *txn) plansLink() bool {
	for _, st := range t.cur {
		if st.isLink() {
			return true
		}
	}
	return false
}

// checkBeyondLink refuses a patch path that has a symbolic link among its
// folders, as git apply refuses an "affected file beyond a symbolic link":
// a patch names index entries, and git never writes an entry through a
// link, even one that leads back inside the working tree. Escapes and
// malformed paths are left to resolveEntry.
func (r *Repo) checkBeyondLink(p string) error {
	base, err := resolveSymlinks(r.dir)
	if err != nil {
		return nil
	}
	rel, err := filepath.Rel(r.workTree, absFrom(base, p))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil
	}
	rel = filepath.ToSlash(rel)
	for dir := parentOf(rel); dir != ""; dir = parentOf(dir) {
		fi, err := os.Lstat(filepath.Join(r.workTree, filepath.FromSlash(dir)))
		if err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return &Error{Code: CodeUnsupported, FilePath: rel,
				Message: fmt.Sprintf("%s is beyond the symbolic link %s (git apply refuses it too)", engine.QuotePath(rel), engine.QuotePath(dir))}
		}
	}
	return nil
}
