// Package shallow reads the list of shallow commits of a shallow clone
// ($GIT_COMMON_DIR/shallow): commits whose parents the clone does not
// have. Git treats them as having no parents (shallow.c, a graft with no
// parents), so history walks stop there instead of failing on the
// missing objects.
package shallow

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// Read returns the shallow commits listed in commonDir/shallow; an absent
// file (a complete repository) gives an empty set.
func Read(commonDir string) (map[plumbing.Hash]bool, error) {
	data, err := wtfs.ReadFile(filepath.Join(commonDir, "shallow"))
	if errors.Is(err, fs.ErrNotExist) {
		return map[plumbing.Hash]bool{}, nil
	}
	if err != nil {
		return nil, err
	}
	return parse(data)
}

// parse reads one hex commit id per line, as git writes the file.
func parse(data []byte) (map[plumbing.Hash]bool, error) {
	set := map[plumbing.Hash]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		if !plumbing.IsHash(string(line)) {
			return nil, fmt.Errorf("shallow file line %d: not a commit id: %q", n, line)
		}
		set[plumbing.NewHash(string(line))] = true
	}
	return set, sc.Err()
}
