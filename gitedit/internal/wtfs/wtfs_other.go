//go:build !linux

package wtfs

import (
	"os"
	"path/filepath"
)

// Root is a working tree opened for writing. Here (not Linux) paths are
// joined and used as they are: a folder swapped for a symlink during a
// write is not detected.
type Root struct{ path string }

// Open returns the Root of the folder path.
func Open(path string) (*Root, error) { return &Root{path: path}, nil }

// Close does nothing here.
func (r *Root) Close() error { return nil }

// abs returns the path of rel.
func (r *Root) abs(rel string) string { return filepath.Join(r.path, filepath.FromSlash(rel)) }

// CreateTemp creates a new file in the folder dir (created as needed),
// with permission bits perm narrowed by the umask.
func (r *Root) CreateTemp(dir, prefix, suffix string, perm os.FileMode) (*os.File, string, error) {
	if err := checkRel(dir); err != nil {
		return nil, "", err
	}
	if err := os.MkdirAll(r.abs(dir), 0o777); err != nil {
		return nil, "", err
	}
	var f *os.File
	name, err := tempName(prefix, suffix, func(name string) (err error) {
		f, err = os.OpenFile(filepath.Join(r.abs(dir), name), os.O_RDWR|os.O_CREATE|os.O_EXCL, perm.Perm())
		return err
	})
	if err != nil {
		return nil, "", err
	}
	return f, join(dir, name), nil
}

// SymlinkTemp creates a symbolic link to target in the folder dir
// (created as needed) under a new temporary name and returns its path.
func (r *Root) SymlinkTemp(dir, prefix, suffix, target string) (string, error) {
	if err := checkRel(dir); err != nil {
		return "", err
	}
	if err := os.MkdirAll(r.abs(dir), 0o777); err != nil {
		return "", err
	}
	name, err := tempName(prefix, suffix, func(name string) error {
		return os.Symlink(target, r.abs(join(dir, name)))
	})
	return join(dir, name), err
}

// Rename renames from over to.
func (r *Root) Rename(from, to string) error { return os.Rename(r.abs(from), r.abs(to)) }

// Remove removes the file (or the empty folder) rel.
func (r *Root) Remove(rel string, dir bool) error { return os.Remove(r.abs(rel)) }

// Lstat returns the file information of rel.
func (r *Root) Lstat(rel string) (os.FileInfo, error) { return os.Lstat(r.abs(rel)) }

// SyncDir fsyncs the folder dir.
func (r *Root) SyncDir(dir string) error {
	d, err := os.Open(r.abs(dir))
	if err != nil {
		return err
	}
	defer d.Close()
	_ = d.Sync()
	return nil
}

// Recheck cannot check anything here.
func (r *Root) Recheck() error { return nil }

// List returns the names in the folder dir and whether each is a regular
// file or a symbolic link (neither a folder nor a special file).
func (r *Root) List(dir string) (names []string, plain []bool, err error) {
	entries, err := os.ReadDir(r.abs(dir))
	for _, e := range entries {
		names, plain = append(names, e.Name()), append(plain, isPlain(e.Type()))
	}
	return names, plain, err
}

// ReadFile returns the content of the file at path: os.ReadFile (the
// Linux version saves the runtime's poller registration).
func ReadFile(path string) ([]byte, error) { return os.ReadFile(path) }

// ReadRegular reads the file at path, which the caller has just seen as a
// regular file of the given size: os.ReadFile.
func ReadRegular(path string, _ int64) ([]byte, error) { return os.ReadFile(path) }

// OpenFile opens path: os.OpenFile (the Linux version saves the runtime's
// poller registration).
func OpenFile(path string, flag int, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(path, flag, perm)
}

// RenamePath renames the file from over to, as os.Rename does.
func RenamePath(from, to string) error { return os.Rename(from, to) }

// NoFollow is the open flag that refuses a symbolic link as the last
// component of the path, for OpenFile: none outside Linux (0).
const NoFollow = 0

// MkdirAll makes the folder rel and the missing folders above it.
func (r *Root) MkdirAll(rel string) error {
	if err := checkRel(rel); err != nil {
		return err
	}
	return os.MkdirAll(r.abs(rel), 0o777)
}
