package refs

import (
	"errors"
	"io/fs"
	"os"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// ReflogEntry is one line of a reflog: the ref's old and new value and
// the message after the tab.
type ReflogEntry struct {
	Old, New plumbing.Hash
	Message  string
}

// Reflog returns the entries of name's reflog ("HEAD", "refs/heads/x"),
// newest first; none when it has no reflog. Lines that do not parse are
// skipped, as git skips them.
func (s *Store) Reflog(name string) ([]ReflogEntry, error) {
	if err := checkName(name); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(s.logPath(name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	out := make([]ReflogEntry, 0, len(lines))
	for i := len(lines) - 1; i >= 0; i-- {
		line := lines[i]
		if len(line) < 82 || line[40] != ' ' || line[81] != ' ' || !plumbing.IsHash(line[:40]) || !plumbing.IsHash(line[41:81]) {
			continue
		}
		_, msg, _ := strings.Cut(line, "\t")
		out = append(out, ReflogEntry{Old: plumbing.NewHash(line[:40]), New: plumbing.NewHash(line[41:81]), Message: msg})
	}
	return out, nil
}
