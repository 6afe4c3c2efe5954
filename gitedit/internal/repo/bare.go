package repo

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/gitpath"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// bareReaders names what runs in a bare repository, for the refusals.
const bareReaders = "in a bare repository gitedit runs only session list, session show, session drop, log and series"

// OpenBare is Open that opens a bare repository too (a reviewer's
// mirror of pushed sessions, `git clone --mirror`): such a Repo has no
// working tree and no index, and serves only what reads objects and
// refs (the session ledgers, HEAD's history) and session drop, which
// deletes a ref; every call that needs a working tree (a batch, an
// undo, a land, reading a file) is unsupported (see NeedWorkTree).
func OpenBare(dir string) (*Repo, error) {
	return openEnv(dir, os.LookupEnv, true)
}

// OpenBareEnv is OpenBare reading the environment through env.
func OpenBareEnv(dir string, env func(string) (string, bool)) (*Repo, error) {
	return openEnv(dir, env, true)
}

// checkBare refuses a bare repository unless it was asked for
// (OpenBare), naming what made it bare (bareBy).
func (loc *location) checkBare() error {
	if !loc.bare || loc.allowBare {
		return nil
	}
	return spec.Errorf(spec.CodeUnsupported, "bare repository at %s%s: gitedit needs a working tree (%s)", loc.gitDir, loc.bareBy, bareReaders)
}

// realWorkTree is the work tree with its symlinks resolved ("" for a
// bare repository).
func (loc *location) realWorkTree() (string, error) {
	if loc.bare {
		return "", nil
	}
	wt, err := filepath.EvalSymlinks(loc.workTree)
	if err != nil {
		return "", spec.IOError("resolve work tree "+loc.workTree, err)
	}
	return wt, nil
}

// Bare reports whether r is a bare repository (opened by OpenBare): no
// working tree, no index.
func (r *Repo) Bare() bool { return r.workTree == "" }

// NeedWorkTree refuses, with unsupported, what needs a working tree in a
// bare repository (every batch, reading a file); nil otherwise.
func (r *Repo) NeedWorkTree() error {
	if !r.Bare() {
		return nil
	}
	return spec.Errorf(spec.CodeUnsupported, "bare repository at %s: this needs a working tree (%s)", r.gitDir, bareReaders)
}

// TreePath is the repository-relative slash path p names in a bare
// repository, as git reads a pathspec there (from the top, there being
// no working tree to be in): cleaned, refused with outside_repo when it
// is absolute or leaves the top, is_directory for the top itself.
func (r *Repo) TreePath(p string) (string, error) {
	if err := checkPathSyntax(p); err != nil {
		return "", err
	}
	rel := path.Clean(filepath.ToSlash(p))
	switch {
	case filepath.IsAbs(p) || path.IsAbs(rel) || rel == ".." || strings.HasPrefix(rel, "../"):
		return "", spec.Errorf(spec.CodeOutsideRepo, "%s: a bare repository's paths are relative to its top", p)
	case rel == ".":
		return "", spec.Errorf(spec.CodeIsDirectory, "%s is the top folder of the repository", p)
	}
	if err := VerifyPath(rel, gitpath.ModeRegular); err != nil {
		return "", err
	}
	return rel, nil
}
