package repo

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/gitpath"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// IsLink reports whether st is a symbolic link.
func (st *FileState) IsLink() bool { return st.Exists && st.Mode&os.ModeSymlink != 0 }

// EntryMode is the git mode of the working-tree entry st: 120000 for a
// link, else from the executable bit.
func EntryMode(st *FileState) filemode.FileMode {
	if st.IsLink() {
		return filemode.Symlink
	}
	return ModeOf(st.Mode)
}

// ResolveEntry resolves p as resolvePath does, except that when p's last
// component is a symbolic link the link itself is the entry (link is then
// true): its folders are resolved, the link is not followed.
func (r *Repo) ResolveEntry(p string) (rel string, link bool, err error) {
	if err := checkPathSyntax(p); err != nil {
		return "", false, err
	}
	lexical := filepath.Clean(AbsFrom(r.dir, p))
	parent, err := r.resolveSymlinks(filepath.Dir(lexical))
	if err != nil {
		return "", false, pathError(p, err)
	}
	full := filepath.Join(parent, filepath.Base(lexical))
	fi, err := os.Lstat(full)
	if err == nil && fi.Mode()&fs.ModeSymlink == 0 {
		// An existing non-link: resolvePath would resolve the same folders
		// again and keep the name.
		rel, _, err := r.resolved(p, full)
		return rel, false, err
	}
	if err != nil {
		rel, _, err := r.ResolvePath(p)
		return rel, false, err
	}
	if rel, err = r.relInside(p, full); err != nil {
		return "", false, err
	}
	if err := VerifyPath(rel, gitpath.ModeSymlink); err != nil {
		return "", false, err
	}
	return rel, true, r.checkNested(p, rel)
}

// CheckBeyondLink refuses a patch path that has a symbolic link among its
// folders, as git apply refuses an "affected file beyond a symbolic link":
// a patch names index entries, and git never writes an entry through a
// link, even one that leads back inside the working tree. Escapes and
// malformed paths are left to resolveEntry.
func (r *Repo) CheckBeyondLink(p string) error {
	base, err := r.resolveSymlinks(r.dir)
	if err != nil {
		return nil
	}
	rel, err := filepath.Rel(r.workTree, AbsFrom(base, p))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil
	}
	rel = filepath.ToSlash(rel)
	for dir := ParentOf(rel); dir != ""; dir = ParentOf(dir) {
		fi, err := os.Lstat(filepath.Join(r.workTree, filepath.FromSlash(dir)))
		if err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return &spec.Error{Code: spec.CodeUnsupported, FilePath: rel,
				Message: fmt.Sprintf("%s is beyond the symbolic link %s (git apply refuses it too)", quote.QuotePath(rel), quote.QuotePath(dir))}
		}
	}
	return nil
}
