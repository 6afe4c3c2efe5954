package refs

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// eachPacked calls fn on each ref line of <CommonDir>/packed-refs ("<40
// hex> <name>", its CR dropped; comment and peeled "^" lines skipped)
// until fn returns true. A missing packed-refs has no lines. line is
// valid only during the call.
func (s *Store) eachPacked(fn func(line []byte) (stop bool)) error {
	f, err := wtfs.OpenFile(filepath.Join(s.CommonDir, "packed-refs"), os.O_RDONLY, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read packed-refs: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := bytes.TrimRight(sc.Bytes(), "\r")
		if len(line) == 0 || line[0] == '#' || line[0] == '^' {
			continue
		}
		if fn(line) {
			return nil
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read packed-refs: %w", err)
	}
	return nil
}

// packedName is the ref name of a packed-refs ref line ("" when the line
// is too short to hold one).
func packedName(line []byte) string {
	if len(line) < 42 {
		return ""
	}
	return string(line[41:])
}
