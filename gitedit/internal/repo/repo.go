package repo

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/attr"
	"github.com/gitedit/gitedit/gitedit/internal/durability"
	"github.com/gitedit/gitedit/gitedit/internal/gitconfig"
	"github.com/gitedit/gitedit/gitedit/internal/ledger"
	"github.com/gitedit/gitedit/gitedit/internal/objects"
	"github.com/gitedit/gitedit/gitedit/internal/refs"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
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
	// indexFile is the index to read and write: $GIT_INDEX_FILE when set
	// (as in hooks), else gitDir/index.
	indexFile string
	// realGitDirs are gitDir and commonDir with symlinks resolved: no
	// path may resolve into them.
	realGitDirs []string
	refs        *refs.Store
	config      *gitconfig.Config
	// attrs caches the parsed attribute files (see convert.go).
	attrs *attr.Cache
	// durable is what core.fsync asks to make durable (see durability.go).
	durable durability.Policy
	// packs keeps the opened packs from one batch to the next (see Packs).
	packs *objects.PackCache
	// checked records working-tree contents read by earlier batches (see
	// CheckedFiles).
	checked *CheckedFiles
	// ledgers keeps what recording a batch learned for the next (see
	// Ledgers).
	ledgers *ledger.Cache
	// configFiles are the files the configuration was read from (see
	// ConfigChanged).
	configFiles *configFiles
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
	return OpenEnv(dir, os.LookupEnv)
}

// OpenEnv is Open reading the environment through env.
func OpenEnv(dir string, env func(string) (string, bool)) (*Repo, error) {
	return openEnv(dir, env, false)
}

// openEnv is OpenEnv that opens a bare repository too when allowBare.
func openEnv(dir string, env func(string) (string, bool), allowBare bool) (*Repo, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, spec.IOError("resolve "+dir, err)
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return nil, spec.Errorf(spec.CodeNotARepo, "%s: not a directory", abs)
	}
	loc, err := locate(abs, env)
	if err != nil {
		return nil, err
	}
	loc.allowBare = allowBare
	return loc.open(env)
}

// location is where discovery found the repository.
type location struct {
	dir       string // the absolute directory Open was given
	gitDir    string
	commonDir string
	workTree  string // "" for a bare repository
	explicit  bool   // the work tree was given by GIT_WORK_TREE or core.worktree
	env       bool   // the work tree was given by GIT_WORK_TREE
	bare      bool   // a bare repository (workTree "")
	bareBy    string // what made it bare, for the refusal ("" when discovered)
	allowBare bool   // open a bare repository (OpenBare), else refuse it
}

// locate finds the git directory and the default work tree for dir:
// $GIT_DIR when set, else the walk up from dir. $GIT_WORK_TREE gives the
// work tree in both cases, also to a bare repository found by the walk
// (git's setup_bare_git_dir then sets up the git directory it found as
// if $GIT_DIR named it: the repository is not bare).
func locate(dir string, env func(string) (string, bool)) (*location, error) {
	if gd, ok := env("GIT_DIR"); ok && gd != "" {
		return locateExplicit(dir, gd, env)
	}
	loc, err := discover(dir, ceilings(env))
	if err != nil {
		return nil, err
	}
	loc.setEnvWorkTree(env)
	return loc, nil
}

// setEnvWorkTree makes $GIT_WORK_TREE, when set, the work tree.
func (loc *location) setEnvWorkTree(env func(string) (string, bool)) {
	if wt, ok := env("GIT_WORK_TREE"); ok && wt != "" {
		loc.workTree, loc.explicit, loc.env, loc.bare = AbsFrom(cwd(), wt), true, true, false
	}
}

// locateExplicit handles $GIT_DIR: the work tree is $GIT_WORK_TREE, else
// (unless core.worktree says otherwise) dir, as git takes the current
// directory.
func locateExplicit(dir, gitDir string, env func(string) (string, bool)) (*location, error) {
	gd := AbsFrom(cwd(), gitDir)
	common, ok := gitDirCommon(gd)
	if !ok {
		return nil, spec.Errorf(spec.CodeNotARepo, "GIT_DIR=%s is not a git repository", gitDir)
	}
	loc := &location{dir: dir, gitDir: gd, commonDir: common, workTree: dir}
	loc.setEnvWorkTree(env)
	return loc, nil
}

// cwd returns the process's working directory ("" if unknown).
func cwd() string {
	d, _ := os.Getwd()
	return d
}

// AbsFrom makes p absolute against base.
func AbsFrom(base, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}

// ceilings returns the folders of GIT_CEILING_DIRECTORIES (absolute ones
// only, as git uses).
func ceilings(env func(string) (string, bool)) map[string]bool {
	v, _ := env("GIT_CEILING_DIRECTORIES")
	m := map[string]bool{}
	for _, d := range filepath.SplitList(v) {
		if filepath.IsAbs(d) {
			m[filepath.Clean(d)] = true
		}
	}
	return m
}

// discover walks up from dir looking for ".git" (a folder, or a file
// "gitdir: …"), as git does; a folder that is itself a git directory is a
// bare repository (see location.checkBare).
func discover(dir string, ceiling map[string]bool) (*location, error) {
	for d := dir; ; {
		loc, err := probe(dir, d)
		if loc != nil || err != nil {
			return loc, err
		}
		parent := filepath.Dir(d)
		if parent == d || ceiling[parent] {
			return nil, spec.Errorf(spec.CodeNotARepo, "not a git repository (or any of the parent directories): %s", dir)
		}
		d = parent
	}
}

// probe checks one folder d of the walk up from dir.
func probe(dir, d string) (*location, error) {
	dotgit := filepath.Join(d, ".git")
	fi, err := os.Stat(dotgit)
	if err == nil && fi.IsDir() {
		if common, ok := gitDirCommon(dotgit); ok {
			return &location{dir: dir, gitDir: dotgit, commonDir: common, workTree: d}, nil
		}
	}
	switch {
	case err == nil && fi.Mode().IsRegular():
		gd, common, err := readGitFile(dotgit)
		if err != nil {
			return nil, err
		}
		return &location{dir: dir, gitDir: gd, commonDir: common, workTree: d}, nil
	case isGitDir(d) && filepath.Base(d) == ".git":
		return nil, spec.Errorf(spec.CodeNotARepo, "%s is inside the git directory %s, not in a working tree", dir, d)
	}
	if common, ok := gitDirCommon(d); ok {
		return &location{dir: dir, gitDir: d, commonDir: common, bare: true}, nil
	}
	return nil, nil
}

// readGitFile reads a ".git" file ("gitdir: <path>", the path relative to
// the file's folder) as linked worktrees and submodules have, and returns
// the git directory it names and that one's common directory.
func readGitFile(path string) (gitDir, commonDir string, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", "", spec.IOError("read "+path, err)
	}
	rest, ok := strings.CutPrefix(string(data), "gitdir:")
	if !ok {
		return "", "", spec.Errorf(spec.CodeNotARepo, "invalid gitfile format: %s", path)
	}
	gd := AbsFrom(filepath.Dir(path), strings.TrimSpace(rest))
	common, ok := gitDirCommon(gd)
	if !ok {
		return "", "", spec.Errorf(spec.CodeNotARepo, "%s points to %s, which is not a git repository", path, gd)
	}
	return gd, common, nil
}

// commonDirOf returns the common directory of gitDir: the folder named by
// its "commondir" file (linked worktrees), else gitDir itself.
func commonDirOf(gitDir string) string {
	data, err := os.ReadFile(filepath.Join(gitDir, "commondir"))
	if err != nil {
		return gitDir
	}
	return AbsFrom(gitDir, strings.TrimSpace(string(data)))
}

// isGitDir reports whether d looks like a git directory as git checks it:
// a HEAD file, and objects/ and refs/ folders in its common directory.
func isGitDir(d string) bool {
	_, ok := gitDirCommon(d)
	return ok
}

// gitDirCommon is isGitDir that also returns d's common directory (found
// on the way: commondir is read once).
func gitDirCommon(d string) (common string, ok bool) {
	if fi, err := os.Lstat(filepath.Join(d, "HEAD")); err != nil || fi.IsDir() {
		return "", false
	}
	common = commonDirOf(d)
	for _, sub := range []string{"objects", "refs"} {
		if fi, err := os.Stat(filepath.Join(common, sub)); err != nil || !fi.IsDir() {
			return "", false
		}
	}
	return common, true
}

// open checks the repository format, reads the configuration and builds
// the Repo.
func (loc *location) open(env func(string) (string, bool)) (*Repo, error) {
	files := new(gitconfig.Files) // the repository's config is read once
	wtConfig, err := checkFormat(files, loc.commonDir)
	if err != nil {
		return nil, err
	}
	cfg, err := loadConfig(files, loc.gitDir, loc.commonDir, wtConfig, env)
	if err != nil {
		return nil, err
	}
	if err := loc.applyCoreConfig(cfg, wtConfig); err != nil {
		return nil, err
	}
	if err := loc.checkBare(); err != nil {
		return nil, err
	}
	r, err := loc.repo(cfg, env)
	if err != nil {
		return nil, err
	}
	r.configFiles = &configFiles{files: files}
	return r, nil
}

// applyCoreConfig honours core.worktree and core.bare as git's
// setup_explicit_git_dir does: $GIT_WORK_TREE wins over both; else
// core.bare makes the repository bare, core.worktree set or not (git
// warns that the two "do not make sense" together and takes it as bare);
// else core.worktree names the work tree, also of a repository the walk
// found bare (a bare repository without a work tree given: see
// location.checkBare). As in git, a linked worktree ignores them unless
// extensions.worktreeConfig is on: they are the main worktree's (git
// worktree add from a bare repository makes linked worktrees of a
// repository whose config says core.bare).
func (loc *location) applyCoreConfig(cfg *gitconfig.Config, wtConfig bool) error {
	if loc.gitDir != loc.commonDir && !wtConfig {
		return nil
	}
	bare, _, err := configBool(cfg, "core.bare")
	switch {
	case err != nil:
		return err
	case loc.env:
	case bare:
		loc.bare, loc.workTree, loc.bareBy = true, "", " (core.bare)"
	default:
		if wt, ok := cfg.Get("core.worktree"); ok && wt != "" {
			loc.workTree, loc.explicit, loc.bare = AbsFrom(loc.gitDir, wt), true, false
		}
	}
	return nil
}

// repo builds the Repo from a checked location.
func (loc *location) repo(cfg *gitconfig.Config, env func(string) (string, bool)) (*Repo, error) {
	wt, err := loc.realWorkTree()
	if err != nil {
		return nil, err
	}
	index := filepath.Join(loc.gitDir, "index")
	if f, ok := env("GIT_INDEX_FILE"); ok && f != "" {
		index = AbsFrom(cwd(), f)
	}
	system, global := attrFilePaths(cfg, env)
	durable, err := durabilityOf(cfg)
	if err != nil {
		return nil, err
	}
	logAll, err := logAllRefUpdatesOf(cfg)
	if err != nil {
		return nil, err
	}
	r := &Repo{
		dir: loc.dir, workTree: wt, gitDir: loc.gitDir, commonDir: loc.commonDir,
		indexFile: index, realGitDirs: realGitDirs(loc.workTree, wt, loc.gitDir, loc.commonDir), config: cfg, attrs: attr.NewCache(system, global),
		durable: durable, packs: objects.NewPackCache(filepath.Join(loc.commonDir, "objects")),
		checked: &CheckedFiles{}, ledgers: ledger.NewCache(),
	}
	runtime.AddCleanup(r, func(c *objects.PackCache) { _ = c.Close() }, r.packs)
	r.refs = &refs.Store{GitDir: loc.gitDir, CommonDir: loc.commonDir, LogAllRefUpdates: logAll, Sync: r.SyncerFor(durability.Reference), SyncFolder: r.Flushes(durability.Reference)}
	r.refs.Shared, _ = r.SharedPerm() // a bad value refuses the batch (see batch)
	return r, nil
}

// knownExtensions are the repository extensions gitedit honours (in
// format version 1): worktreeConfig is read, objectFormat must be sha1,
// the others need nothing from a writer of loose objects and refs.
var knownExtensions = []string{
	"noop", "noop-v1", "objectformat", "worktreeconfig", "preciousobjects", "partialclone",
}

// checkFormat reads core.repositoryformatversion and extensions.* from
// commonDir/config (through files, which keeps it for loadConfig),
// refuses what gitedit cannot honour, and reports whether
// extensions.worktreeConfig is on.
func checkFormat(files *gitconfig.Files, commonDir string) (worktreeConfig bool, err error) {
	local, err := files.LoadFile(filepath.Join(commonDir, "config"))
	if err != nil {
		return false, spec.IOError("read repository config", err)
	}
	version, err := formatVersion(local)
	if err != nil {
		return false, err
	}
	if err := checkExtensions(local, version); err != nil {
		return false, err
	}
	wt, _, err := configBool(local, "extensions.worktreeConfig")
	return wt, err
}

// formatVersion returns core.repositoryformatversion (0 when unset) and
// refuses versions above 1.
func formatVersion(cfg *gitconfig.Config) (int, error) {
	s, ok := cfg.Get("core.repositoryformatversion")
	if !ok {
		return 0, nil
	}
	v, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, spec.Errorf(spec.CodeUnsupported, "core.repositoryformatversion = %q", s)
	}
	if v > 1 {
		return 0, spec.Errorf(spec.CodeUnsupported, "core.repositoryformatversion = %d (gitedit knows 0 and 1)", v)
	}
	return v, nil
}

// checkExtensions refuses a non-sha1 object format in any version, and in
// version 1 any extension gitedit does not know (git ignores unknown
// extensions in version 0).
func checkExtensions(cfg *gitconfig.Config, version int) error {
	if f, ok := cfg.Get("extensions.objectFormat"); ok && !strings.EqualFold(f, "sha1") {
		return spec.Errorf(spec.CodeUnsupported, "extensions.objectFormat = %s: gitedit handles sha1 repositories only", f)
	}
	if version == 0 {
		return nil
	}
	var unknown []string
	for _, key := range cfg.Keys() {
		name, ok := strings.CutPrefix(key, "extensions.")
		if ok && !slices.Contains(knownExtensions, name) {
			unknown = append(unknown, key)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return spec.Errorf(spec.CodeUnsupported, "repository extension(s) gitedit cannot honour: %s", strings.Join(unknown, ", "))
	}
	return nil
}

// WorkTree returns the absolute path of the working tree's top folder.
func (r *Repo) WorkTree() string { return r.workTree }

// realGitDirs returns gitDir and commonDir with their symlinks resolved
// (as given when that fails), as filepath.EvalSymlinks resolves them, in
// fewer system calls: a common directory that is gitDir is resolved once,
// and a folder of the work tree (workTree, resolved as realWT), such as
// its .git, is realWT and its name when that name is no symlink: one
// lstat instead of one per component of the path.
func realGitDirs(workTree, realWT, gitDir, commonDir string) []string {
	rg := realPathVia(workTree, realWT, gitDir)
	if commonDir == gitDir {
		return []string{rg, rg}
	}
	return []string{rg, realPathVia(workTree, realWT, commonDir)}
}

// realPathVia resolves p's symlinks (as given when that fails), through
// realWT when p is a folder of workTree that is no symlink.
func realPathVia(workTree, realWT, p string) string {
	name, ok := strings.CutPrefix(p, workTree+string(filepath.Separator))
	if ok && workTree != "" && name != ".." && name != "." && name != "" && !strings.ContainsRune(name, filepath.Separator) {
		if fi, err := os.Lstat(p); err == nil && fi.Mode()&os.ModeSymlink == 0 {
			return filepath.Join(realWT, name)
		}
	}
	if rp, err := filepath.EvalSymlinks(p); err == nil {
		return rp
	}
	return p
}

// ObjectsDir is the folder of the repository's own objects.
func (r *Repo) ObjectsDir() string { return filepath.Join(r.commonDir, "objects") }

// Packs returns the cache of the repository's packs, which every batch
// over r (and its ForOperation copies) reads through: an MCP server's
// calls list and open the packs again only when the pack folder changed.
// The packs are closed when r is garbage collected.
func (r *Repo) Packs() *objects.PackCache { return r.packs }

// ForOperation returns a copy of r for one operation (a batch, a run):
// it shares everything but reads each attribute file at most once, since
// the files of an operation are converted against the attributes as they
// were when it started (a batch writes nothing until it has planned every
// change).
func (r *Repo) ForOperation() *Repo {
	if r.attrs.Pinned() {
		return r // already one operation's copy
	}
	op := *r
	op.attrs = r.attrs.Pin()
	return &op
}

// Ledgers returns the cache the session ledgers' recording keeps from
// one batch to the next (ledger.Cache), shared by every operation's copy.
func (r *Repo) Ledgers() *ledger.Cache { return r.ledgers }

// Dir returns the absolute directory the repository was opened from;
// relative paths given by the user resolve against it.
func (r *Repo) Dir() string { return r.dir }

// GitDir returns the worktree's git directory (HEAD, index, in-progress
// markers, hooks' state).
func (r *Repo) GitDir() string { return r.gitDir }

// CommonDir returns the directory holding objects and refs (it differs
// from GitDir in linked worktrees).
func (r *Repo) CommonDir() string { return r.commonDir }

// IndexFile returns the index to read and write: $GIT_INDEX_FILE when set
// (as in hooks), else GitDir/index.
func (r *Repo) IndexFile() string { return r.indexFile }

// Refs returns the repository's refs, writing with the durability that
// core.fsync asks for.
func (r *Repo) Refs() *refs.Store { return r.refs }

// GitConfig returns the configuration as git resolves it (all scopes,
// includes followed); Config and ConfigBool read one key.
func (r *Repo) GitConfig() *gitconfig.Config { return r.config }

// Attrs returns the attribute cache (pinned for one operation by
// ForOperation).
func (r *Repo) Attrs() *attr.Cache { return r.attrs }

// Durability returns what core.fsync asks to make durable.
func (r *Repo) Durability() durability.Policy { return r.durable }

// CheckConvertible refuses a path whose attributes ask for a conversion
// gitedit does not apply (a clean/smudge filter, working-tree-encoding,
// ident) or are invalid, as ToGit would.
func (r *Repo) CheckConvertible(rel string) error {
	_, err := r.crlfActionFor(rel)
	return err
}
