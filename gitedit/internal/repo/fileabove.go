package repo

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/gitpath"
)

// ResolveBelowFile resolves p, a path that cannot be resolved because one
// of its folders is a file (or a symbolic link) in the working tree: it
// returns p's repository-relative slash path and that of the file in the
// way. ok is false when p is not such a path (it lies outside the working
// tree, or no file stands in its way), or when p's path is refused as
// ResolvePath refuses it (VerifyPath, a nested repository above the
// file). A batch that deletes the file too can create p (git apply
// deletes before it creates): see batch.Txn.ReadEntryToCreate.
func (r *Repo) ResolveBelowFile(p string) (rel, blocker string, ok bool) {
	if checkPathSyntax(p) != nil {
		return "", "", false
	}
	base, err := r.resolveSymlinks(r.dir)
	if err != nil {
		return "", "", false
	}
	full, err := filepath.Rel(r.workTree, filepath.Clean(AbsFrom(base, p)))
	if err != nil || full == "." || full == ".." || strings.HasPrefix(full, ".."+string(filepath.Separator)) {
		return "", "", false
	}
	parts := strings.Split(filepath.ToSlash(full), "/")
	for i := range parts[:len(parts)-1] {
		dir := strings.Join(parts[:i+1], "/")
		fi, err := os.Lstat(r.Abs(dir))
		if err != nil {
			return "", "", false
		}
		if fi.IsDir() && fi.Mode()&fs.ModeSymlink == 0 {
			continue
		}
		got, _, err := r.ResolveEntry(r.Abs(dir))
		if err != nil || got != dir {
			return "", "", false
		}
		rel = strings.Join(parts, "/")
		if VerifyPath(rel, gitpath.ModeRegular) != nil {
			return "", "", false
		}
		return rel, dir, true
	}
	return "", "", false
}

// Emptied reports whether deleting the files and links for which deleted
// is true (repository-relative slash paths) leaves nothing in the
// working-tree folder dir, so that it goes with them (its folders left
// empty are removed, as git removes them): no file is kept, and no
// folder in it is empty already (it would stay).
func (r *Repo) Emptied(dir string, deleted func(rel string) bool) bool {
	bare := map[string]bool{} // folders met with no deleted file below them yet
	err := filepath.WalkDir(r.Abs(dir), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			bare[p] = true
			return nil
		}
		rel, err := filepath.Rel(r.workTree, p)
		if err == nil && !deleted(filepath.ToSlash(rel)) {
			return errKept
		}
		for f := filepath.Dir(p); bare[f]; f = filepath.Dir(f) {
			delete(bare, f)
		}
		return err
	})
	return err == nil && len(bare) == 0
}

// errKept stops the walk of Emptied at a file that is kept.
var errKept = errors.New("a file is kept")
