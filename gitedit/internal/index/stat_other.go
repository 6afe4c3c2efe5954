//go:build !linux && !darwin

package index

import "os"

// fillSys has no platform stat data to add here: times come from
// ModTime (ctime = mtime) and dev, ino, uid, gid stay zero, as git for
// Windows records them.
func fillSys(e *Entry, fi os.FileInfo) {}
