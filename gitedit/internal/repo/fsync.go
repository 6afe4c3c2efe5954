package repo

import (
	"os"

	"github.com/gitedit/gitedit/gitedit/internal/durability"
	"github.com/gitedit/gitedit/gitedit/internal/gitconfig"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// The calls that make written data durable. Every sync gitedit does goes
// through one of these variables, so that tests can count them.
var (
	// FsyncFile flushes one file to the device.
	FsyncFile = (*os.File).Sync
	// WriteOutFile writes one file's data out without a device flush
	// (core.fsyncMethod=writeout-only).
	WriteOutFile = writeOut
	// SyncFileSystem flushes the whole file system holding a folder.
	SyncFileSystem = SyncFS
	// FsyncFolder flushes a folder, so that a rename in it is durable.
	FsyncFolder = SyncDir
)

// durabilityOf reads core.fsync, core.fsyncMethod and core.fsyncObjectFiles
// as git 2.39 does. A core.fsync or core.fsyncMethod written without a
// value is an error, as it is for git.
func durabilityOf(cfg *gitconfig.Config) (durability.Policy, error) {
	var values [2][]string
	for i, key := range []string{"core.fsync", "core.fsyncmethod"} {
		for _, v := range cfg.All(key) {
			if v.NoValue {
				return durability.Policy{}, spec.Errorf(spec.CodeInvalidInput, "config %s: missing value", key)
			}
			values[i] = append(values[i], v.Text)
		}
	}
	objectFiles, _, err := configBool(cfg, "core.fsyncobjectfiles")
	if err != nil {
		return durability.Policy{}, err
	}
	return durability.FromConfig(values[0], values[1], objectFiles), nil
}

// SyncerFor returns how a file of component c is made durable on its own:
// nil when the policy does not sync c.
func (r *Repo) SyncerFor(c durability.Component) func(*os.File) error {
	switch {
	case !r.durable.Syncs(c):
		return nil
	case r.durable.Method == durability.WriteoutOnly:
		return func(f *os.File) error { return WriteOutFile(f) }
	}
	return func(f *os.File) error { return FsyncFile(f) }
}

// Flushes reports whether component c is synced with a device flush
// (every method but writeout-only).
func (r *Repo) Flushes(c durability.Component) bool {
	return r.durable.Syncs(c) && r.durable.Method != durability.WriteoutOnly
}

// ObjectSyncer is how each loose object is synced as it is written: nil
// when the batch's one syncfs covers them, or when they are not synced.
func (r *Repo) ObjectSyncer() func(*os.File) error {
	if HaveSyncFS && r.Flushes(durability.LooseObject) {
		return nil
	}
	return r.SyncerFor(durability.LooseObject)
}

// TempSyncer is how each temporary working-tree file is synced before it
// is renamed: nil when one syncfs covers them, or when they are not
// synced. Working-tree files follow the index component: the index
// records their stat data as the staged content.
func (r *Repo) TempSyncer() func(*os.File) error {
	if HaveSyncFS && r.Flushes(durability.Index) {
		return nil
	}
	return r.SyncerFor(durability.Index)
}

// SyncDir fsyncs a folder so that a rename in it is durable.
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	_ = d.Sync() // not every file system supports fsync on folders
	return nil
}
