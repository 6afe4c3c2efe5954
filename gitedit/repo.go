package gitedit

import (
	"github.com/go-git/go-git/v5/plumbing/storer"

	"github.com/gitedit/gitedit/gitedit/internal/refs"
)

// Repo is an opened repository working tree. Its methods are safe to call
// from several goroutines: writers serialise on the repository lock.
type Repo struct {
	// dir is the absolute directory Open was given; relative file paths
	// resolve against it.
	dir string
	// workTree is the absolute, symlink-resolved top of the working tree.
	workTree string
	// gitDir is the worktree's git directory; commonDir holds objects and
	// refs (they differ in linked worktrees).
	gitDir, commonDir string
	objects           storer.EncodedObjectStorer
	refs              *refs.Store
	config            *gitConfig
}

// Open finds the repository containing dir (walking up, as git does) and
// opens it. Outside a repository the error has code not_a_repo; a bare or
// sha256 repository is unsupported.
func Open(dir string) (*Repo, error) { panic("unimplemented") }

// WorkTree returns the absolute path of the working tree's top folder.
func (r *Repo) WorkTree() string { return r.workTree }

// Defaults returns the options set in git config (gitedit.commit,
// gitedit.agent, gitedit.matchMode, gitedit.dirty), the rest zero.
func (r *Repo) Defaults() (Options, error) { panic("unimplemented") }

// resolvePath maps a user path (relative to dir, or absolute) to its
// repository-relative slash path and absolute path. It refuses paths that
// leave the working tree (outside_repo), that are under .git, or that
// reach outside through a symlink; a symlink inside the tree resolves to
// its target.
func (r *Repo) resolvePath(p string) (rel, abs string, err error) { panic("unimplemented") }

// toGit converts working-tree content of rel into the content git add
// would store (core.autocrlf, core.eol, .gitattributes text/eol), or
// refuses with unsupported when a filter (clean/smudge, LFS) applies.
func (r *Repo) toGit(rel string, content []byte) ([]byte, error) { panic("unimplemented") }

// operationInProgress names the merge, rebase, cherry-pick or revert in
// progress, or returns "".
func (r *Repo) operationInProgress() string { panic("unimplemented") }

// gitConfig is the merged git configuration (system, global, repository,
// worktree), read once at Open.
type gitConfig struct{}

// get returns the last value of key ("section.name" or
// "section.subsection.name", case as git compares it).
func (c *gitConfig) get(key string) (string, bool) { panic("unimplemented") }
