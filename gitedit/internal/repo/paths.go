package repo

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/gitedit/gitedit/gitedit/internal/gitpath"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// maxSymlinkHops bounds symlink resolution (as the kernel's ELOOP does).
const maxSymlinkHops = 40

// ResolvePath maps a user path (relative to dir, or absolute) to its
// repository-relative slash path and absolute, symlink-resolved path.
//
// The path is cleaned lexically first (as git treats paths), then every
// existing component is resolved with lstat/readlink, never by scanning.
// It is refused with outside_repo when the result leaves the working tree,
// when a symlink on the way dangles or leads out, when a component is
// ".git" in any spelling git protects against (case, trailing dots or
// spaces, NTFS short name, HFS ignorable characters), when it lies in the
// git directory, or when a parent folder is a submodule or nested
// repository. An empty path or one with a NUL byte is invalid_input; the
// top folder itself is is_directory. A symlink inside the tree to a file
// inside the tree resolves to the target's path. A bare repository has
// no working tree: unsupported (TreePath reads a path there).
func (r *Repo) ResolvePath(p string) (rel, abs string, err error) {
	if err := r.NeedWorkTree(); err != nil {
		return "", "", err
	}
	if err := checkPathSyntax(p); err != nil {
		return "", "", err
	}
	lexical := filepath.Clean(AbsFrom(r.dir, p))
	resolved, err := r.resolveSymlinks(lexical)
	if err != nil {
		return "", "", pathError(p, err)
	}
	return r.resolved(p, resolved)
}

// resolved finishes ResolvePath for the symlink-resolved path of p.
func (r *Repo) resolved(p, resolved string) (rel, abs string, err error) {
	rel, err = r.relInside(p, resolved)
	if err != nil {
		return "", "", err
	}
	if err := r.checkNested(p, rel); err != nil {
		return "", "", err
	}
	return rel, resolved, nil
}

// resolveSymlinks is the package's resolveSymlinks for a clean absolute
// path, starting below the working tree when p lies in it: the working
// tree's own path was resolved when the repository was opened (git, too,
// never looks at the folders above its working tree again).
func (r *Repo) resolveSymlinks(p string) (string, error) {
	if !filepath.IsAbs(r.workTree) {
		return resolveSymlinks(p)
	}
	if p == r.workTree {
		return p, nil
	}
	if rest, ok := strings.CutPrefix(p, r.workTree+string(filepath.Separator)); ok {
		return resolveFrom(r.workTree, rest)
	}
	return resolveSymlinks(p)
}

// checkPathSyntax refuses an empty path, one with a NUL byte, and one too
// long for the file system.
func checkPathSyntax(p string) error {
	switch {
	case p == "":
		return spec.Errorf(spec.CodeInvalidInput, "file_path is empty")
	case strings.IndexByte(p, 0) >= 0:
		return spec.Errorf(spec.CodeInvalidInput, "file_path %q contains a NUL byte", p)
	case len(p) > maxPathLen:
		return spec.Errorf(spec.CodeInvalidInput, "file_path is %d bytes long; the limit is %d (PATH_MAX)", len(p), maxPathLen)
	}
	for _, part := range strings.Split(filepath.ToSlash(p), "/") {
		if len(part) > maxNameLen {
			return spec.Errorf(spec.CodeInvalidInput, "file_path has a %d-byte component; the limit is %d (NAME_MAX)", len(part), maxNameLen)
		}
	}
	return nil
}

// CheckFileName refuses a file path that ends with a slash, "/." or
// "/..": it names a folder (open(2) fails on "a.txt/" and "a.txt/." with
// ENOTDIR and never creates "new/" as a file; git normalizes "a.txt/."
// to the folder pathspec "a.txt/"), and cleaning the ending away would
// edit or create the file instead.
func CheckFileName(p string) error {
	s := filepath.ToSlash(p)
	last := s[strings.LastIndexByte(s, '/')+1:]
	switch {
	case strings.HasSuffix(s, "/"):
		return spec.Errorf(spec.CodeIsDirectory, "file_path %q ends with a slash: it names a folder, not a file", p)
	case last == "." || last == "..":
		return spec.Errorf(spec.CodeIsDirectory, "file_path %q ends with /%s: it names a folder, not a file", p, last)
	}
	return nil
}

// The longest path and path component accepted, as Linux's PATH_MAX and
// NAME_MAX: longer ones cannot name a file, and bounding them keeps path
// resolution cheap whatever a request holds.
const (
	maxPathLen = 4096
	maxNameLen = 255
)

// errDangling and errNotDir are resolution failures of a path.
var (
	errDangling = errors.New("a symlink on the path points to nothing")
	errNotDir   = errors.New("a parent of the path is not a folder")
	errLoop     = errors.New("too many levels of symlinks")
)

// pathError maps a resolution failure to the error codes of docs/reference.md.
func pathError(p string, err error) error {
	switch {
	case errors.Is(err, errDangling):
		return spec.Errorf(spec.CodeOutsideRepo, "%s: %v", p, err)
	case errors.Is(err, errNotDir), errors.Is(err, errLoop):
		return spec.Errorf(spec.CodeInvalidInput, "%s: %v", p, err)
	}
	return spec.IOError("resolve "+p, err)
}

// pathPart is one component still to resolve; link marks components that
// come from a symlink's target.
type pathPart struct {
	name string
	link bool
}

// resolveSymlinks resolves the symlinks of every existing component of
// the clean absolute path p. Components after the first missing one are
// kept as written, unless they come from a symlink (a dangling link).
func resolveSymlinks(p string) (string, error) {
	return resolveFrom(string(filepath.Separator), p)
}

// resolveFrom is resolveSymlinks for the path rest (relative) below cur,
// a folder whose own path has no symlink.
func resolveFrom(cur, rest string) (string, error) {
	todo := splitParts(rest, false)
	hops := 0
	for len(todo) > 0 {
		part := todo[0]
		todo = todo[1:]
		if part.name == ".." {
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, part.name)
		fi, err := os.Lstat(next)
		if err != nil {
			return missingTail(next, part, todo, err)
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			cur = next
			continue
		}
		if hops++; hops > maxSymlinkHops {
			return "", errLoop
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", err
		}
		if filepath.IsAbs(target) {
			cur = string(filepath.Separator)
		}
		todo = append(splitParts(target, true), todo...)
	}
	return cur, nil
}

// missingTail finishes a path whose component next does not exist (or
// cannot be looked up): the rest is joined as written.
func missingTail(next string, part pathPart, todo []pathPart, err error) (string, error) {
	if errors.Is(err, syscall.ENOTDIR) {
		return "", errNotDir
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	if part.link {
		return "", errDangling
	}
	parts := []string{next}
	for _, t := range todo {
		if t.link {
			return "", errDangling
		}
		parts = append(parts, t.name)
	}
	return filepath.Join(parts...), nil
}

// splitParts splits a path into its non-empty, non-"." components.
func splitParts(p string, link bool) []pathPart {
	var parts []pathPart
	for _, name := range strings.Split(filepath.ToSlash(p), "/") {
		if name != "" && name != "." {
			parts = append(parts, pathPart{name: name, link: link})
		}
	}
	return parts
}

// relInside returns resolved relative to the working tree as a slash path,
// refusing paths outside it, in the git directory, or under ".git".
func (r *Repo) relInside(p, resolved string) (string, error) {
	rel, err := filepath.Rel(r.workTree, resolved)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", spec.Errorf(spec.CodeOutsideRepo, "%s is outside the repository's working tree %s", p, r.workTree)
	}
	if rel == "." {
		return "", spec.Errorf(spec.CodeIsDirectory, "%s is the top folder of the working tree", p)
	}
	if r.inGitDir(resolved) {
		return "", spec.Errorf(spec.CodeOutsideRepo, "%s is inside the git directory", p)
	}
	rel = filepath.ToSlash(rel)
	if err := VerifyPath(rel, gitpath.ModeRegular); err != nil {
		return "", err
	}
	return rel, nil
}

// VerifyPath refuses, with outside_repo, a path git's verify_path refuses
// for an entry of the given git mode (see package gitpath): .git in any
// spelling NTFS or HFS+ maps to it, a symlink named .gitmodules, and
// malformed components.
func VerifyPath(rel string, mode uint32) error {
	if err := gitpath.Verify(rel, mode); err != nil {
		return &spec.Error{Code: spec.CodeOutsideRepo, FilePath: rel, Err: err,
			Message: err.Error() + "; git refuses such paths (verify_path), and clones on Windows and macOS could not check them out"}
	}
	return nil
}

// inGitDir reports whether the resolved path p is in the git directory
// or the common directory.
func (r *Repo) inGitDir(p string) bool {
	for _, dir := range r.realGitDirs {
		if p == dir || strings.HasPrefix(p, dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// checkNested refuses rel when one of its parent folders holds its own
// ".git" (a submodule or a nested repository): git does not track files
// inside them in this repository.
func (r *Repo) checkNested(p, rel string) error {
	dir := r.workTree
	parts := strings.Split(rel, "/")
	for i, part := range parts[:len(parts)-1] {
		dir = filepath.Join(dir, part)
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return spec.Errorf(spec.CodeOutsideRepo, "%s is inside the submodule or nested repository %s", p, strings.Join(parts[:i+1], "/"))
		}
		if fi, err := os.Lstat(dir); err != nil || !fi.IsDir() {
			return nil // nothing nested below a folder that does not exist
		}
	}
	return nil
}

// ParentOf returns the folder of a slash path ("" at the top).
func ParentOf(rel string) string {
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		return rel[:i]
	}
	return ""
}
