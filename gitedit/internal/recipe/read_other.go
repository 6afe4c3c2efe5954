//go:build !linux

package recipe

import (
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/scancache"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// haveScanStat is false: the scan cache needs the stat data that only the
// Linux reader gathers.
const haveScanStat = false

// scanDir is the working tree a scan reads from.
type scanDir struct{ r *repo.Repo }

// openScanDir returns the working tree for a scan.
func openScanDir(r *repo.Repo) (scanDir, error) { return scanDir{r}, nil }

// close releases nothing.
func (d scanDir) close() {}

// readForScan reads the working-tree content of rel for a recipe scan; ok
// is false when rel is not a regular file (missing, a folder, a symlink).
// It gathers no stat data.
func (d scanDir) readForScan(rel string) (content []byte, st scancache.Stat, ok bool, err error) {
	fs, err := d.r.ReadWorktree(rel)
	switch {
	case err != nil && spec.CodeOf(err) != spec.CodeIOError:
		return nil, st, false, nil
	case err != nil:
		return nil, st, false, err
	}
	return fs.Content, st, fs.Exists, nil
}

// statForScan is never called (haveScanStat is false).
func (d scanDir) statForScan(string) (scancache.Stat, bool, error) {
	return scancache.Stat{}, false, nil
}
