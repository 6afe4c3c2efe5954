package gitedit

import (
	"context"

	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// Repo is an opened repository working tree. Its methods are safe to call
// from several goroutines: writers serialise on the repository lock.
type Repo struct {
	// core is the opened repository (discovery, paths, config,
	// attributes, blob ids); the facade adds the requests.
	core *repo.Repo
}

// Open finds the repository containing dir (walking up, as git does) and
// opens it. Outside a repository the error has code not_a_repo; a bare or
// sha256 repository, a repositoryformatversion above 1, or an extension
// gitedit cannot honour is unsupported, naming what it met (OpenBare
// opens a bare repository for the calls that read objects and refs).
//
// The environment is honoured as git does for GIT_DIR, GIT_WORK_TREE,
// GIT_INDEX_FILE, GIT_CEILING_DIRECTORIES and the config variables
// (GIT_CONFIG_NOSYSTEM, GIT_CONFIG_SYSTEM, GIT_CONFIG_GLOBAL,
// GIT_CONFIG_COUNT/KEY_n/VALUE_n, GIT_CONFIG_PARAMETERS).
func Open(dir string) (*Repo, error) {
	core, err := repo.Open(dir)
	if err != nil {
		return nil, err
	}
	return &Repo{core: core}, nil
}

// OpenBare is Open that opens a bare repository too, such as a
// reviewer's `git clone --mirror` of a repository whose sessions were
// pushed (`git push origin 'refs/gitedit/*'`). A bare repository has no
// working tree and no index: a Repo opened from one serves Sessions,
// ShowSession, Log, Series and DropSession, which read objects and refs
// (DropSession deletes one), and refuses everything else (Edit and every
// batch, Undo, UndoSession, LandSession, Read, Hash, Run) with
// unsupported. A repository with a working tree opens as Open opens it.
func OpenBare(dir string) (*Repo, error) {
	core, err := repo.OpenBare(dir)
	if err != nil {
		return nil, err
	}
	return &Repo{core: core}, nil
}

// WithWriteGate returns a copy of ctx carrying gate: every operation run
// with the returned context calls gate before it takes the repository's
// lock, that is before it writes anything (a dry run calls it too). The
// gitedit command passes the wait for its signal handlers, whose set-up
// then overlaps the operation's reading of the repository.
func WithWriteGate(ctx context.Context, gate func()) context.Context {
	return spec.WithWriteGate(ctx, gate)
}

// WorkTree returns the absolute path of the working tree's top folder
// ("" for a bare repository, see OpenBare).
func (r *Repo) WorkTree() string { return r.core.WorkTree() }

// Config returns the value of a git config key ("section.name" or
// "section.subsection.name") as git resolves it: the last assignment in
// the system, global, repository, worktree and command-line configuration,
// includes followed. set is false when the key is not set; a key written
// without "=" has the value "".
func (r *Repo) Config(key string) (value string, set bool) { return r.core.Config(key) }

// ConfigBool returns a git config key as a git boolean (a key without "="
// is true; yes/on/true, no/off/false, "" and integers are accepted); set
// is false when the key is not set, and a value git would refuse is
// invalid_input naming the key.
func (r *Repo) ConfigBool(key string) (value, set bool, err error) { return r.core.ConfigBool(key) }

// Defaults returns the options set in git config (gitedit.commit,
// gitedit.agent, gitedit.matchMode, gitedit.dirty), the rest zero. A bad
// boolean or an unknown dirty policy is invalid_input naming the key.
func (r *Repo) Defaults() (Options, error) { return r.core.Defaults() }

// Refreshed returns r while git's configuration is as r read it when it
// was opened, else the repository opened again from the same folder, as
// Open opens it: a long-running caller (the MCP server) calls it before
// each operation, so that a change another program made to the
// configuration between two operations (git config, an edited
// .git/config or ~/.gitconfig, a switched branch under an onbranch:
// include) applies to the second. While nothing changed it costs one stat
// per configuration file.
func (r *Repo) Refreshed() (*Repo, error) {
	if !r.core.ConfigChanged() {
		return r, nil
	}
	if r.core.Bare() {
		return OpenBare(r.core.Dir())
	}
	return Open(r.core.Dir())
}

// forOperation returns r over the repository's copy for one operation
// (repo.Repo.ForOperation: attribute files read at most once).
func (r *Repo) forOperation() *Repo { return &Repo{core: r.core.ForOperation()} }
