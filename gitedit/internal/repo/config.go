package repo

import (
	"errors"
	"strings"
	"sync"

	"github.com/gitedit/gitedit/gitedit/internal/gitconfig"
	"github.com/gitedit/gitedit/gitedit/internal/sharedperm"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// loadConfig reads the configuration git would see for the repository
// (gitconfig.Files.Load: a file files already holds is not read again),
// its errors given their codes.
func loadConfig(files *gitconfig.Files, gitDir, commonDir string, worktreeConfig bool, env func(string) (string, bool)) (*gitconfig.Config, error) {
	cfg, err := files.Load(gitDir, commonDir, worktreeConfig, env)
	return cfg, configError(err)
}

// configBool returns key as a git boolean (gitconfig.Config.Bool); a
// value git would refuse is invalid_input naming the key.
func configBool(cfg *gitconfig.Config, key string) (val, set bool, err error) {
	val, set, err = cfg.Bool(key)
	return val, set, configError(err)
}

// configError gives a configuration error its code: what git would refuse
// (gitconfig.ErrInvalid) is invalid_input; a syntax error or an unreadable
// file passes as it is.
func configError(err error) error {
	if errors.Is(err, gitconfig.ErrInvalid) {
		return spec.Errorf(spec.CodeInvalidInput, "%s", err)
	}
	return err
}

// Config returns the value of a git config key ("section.name" or
// "section.subsection.name") as git resolves it: the last assignment in
// the system, global, repository, worktree and command-line configuration,
// includes followed. set is false when the key is not set; a key written
// without "=" has the value "".
func (r *Repo) Config(key string) (value string, set bool) {
	return r.config.Get(key)
}

// ConfigBool returns a git config key as a git boolean (a key without "="
// is true; yes/on/true, no/off/false, "" and integers are accepted); set
// is false when the key is not set, and a value git would refuse is
// invalid_input naming the key.
func (r *Repo) ConfigBool(key string) (value, set bool, err error) {
	return configBool(r.config, key)
}

// Defaults returns the options set in git config (gitedit.commit,
// gitedit.agent, gitedit.matchMode, gitedit.dirty), the rest zero. A bad
// boolean or an unknown dirty policy is invalid_input naming the key.
func (r *Repo) Defaults() (spec.Options, error) {
	var o spec.Options
	commit, _, err := configBool(r.config, "gitedit.commit")
	if err != nil {
		return spec.Options{}, err
	}
	o.Commit = commit
	o.Agent, _ = r.config.Get("gitedit.agent")
	o.MatchMode, _ = r.config.Get("gitedit.matchMode")
	dirty, _ := r.config.Get("gitedit.dirty")
	switch p := spec.DirtyPolicy(dirty); p {
	case "", spec.DirtyRefuse, spec.DirtyInclude, spec.DirtyCommitFirst:
		o.Dirty = p
	default:
		return spec.Options{}, spec.Errorf(spec.CodeInvalidInput, "config gitedit.dirty = %q: expected refuse, include or commit-first", dirty)
	}
	return o, nil
}

// logAllRefUpdatesOf returns core.logAllRefUpdates as refs.Store takes
// it: "always", "false", or "" (unset or true: git's default in a
// repository with a working tree). As git, "always" is matched without
// regard to case and any other value must be a boolean.
func logAllRefUpdatesOf(cfg *gitconfig.Config) (string, error) {
	if v, ok := cfg.Last("core.logallrefupdates"); ok && !v.NoValue && strings.EqualFold(v.Text, "always") {
		return "always", nil
	}
	val, set, err := configBool(cfg, "core.logallrefupdates")
	if err != nil || !set || val {
		return "", err
	}
	return "false", nil
}

// SharedPerm returns core.sharedRepository as git reads it: the
// permissions new files and folders of the git directory get; a value git
// would refuse is invalid_input.
func (r *Repo) SharedPerm() (sharedperm.Mode, error) {
	v, set := r.config.Last("core.sharedrepository")
	m, err := sharedperm.Parse(v, set)
	if err != nil {
		return 0, spec.Errorf(spec.CodeInvalidInput, "%s", err)
	}
	return m, nil
}

// configFiles are the files a Repo's configuration was read from, shared
// by its ForOperation copies.
type configFiles struct {
	mu    sync.Mutex
	files *gitconfig.Files
}

// ConfigChanged reports whether a file the configuration was read from
// (system, global, repository and worktree config, the files they include,
// HEAD for an onbranch: condition) now holds other bytes, or has appeared
// or gone, since the repository was opened: git config, another program
// or an editor changed git's configuration. What was derived from it at
// Open (durability, reflogs, permissions, attribute files, identity,
// hooks) is then stale, and a long-running caller opens the repository
// again. It costs one stat per file while they stay unchanged.
func (r *Repo) ConfigChanged() bool {
	c := r.configFiles
	if c == nil {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.files.Changed()
}

// TrustFileMode is core.fileMode (default true): whether the executable
// bit of working-tree files is meaningful.
func (r *Repo) TrustFileMode() bool {
	v, ok, err := r.ConfigBool("core.filemode")
	return err != nil || !ok || v
}

// HasSymlinks is core.symlinks (default true): whether links are checked
// out as symbolic links, or as plain files holding their target.
func (r *Repo) HasSymlinks() bool {
	v, ok, err := r.ConfigBool("core.symlinks")
	return err != nil || !ok || v
}
