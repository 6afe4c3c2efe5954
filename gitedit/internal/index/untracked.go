package index

import (
	"bytes"
	"fmt"
	"strings"
)

// The UNTR extension (git's dir.c, write_untracked_extension): a header
// (identity string, stat and hash of info/exclude and core.excludesFile,
// dir_flags, per-directory exclude file name), then the directory blocks
// in depth-first order, three EWAH bitmaps over them (valid, check-only,
// exclude-hash present), the stat data of the valid directories, the
// exclude hashes, and a guard NUL.

const (
	ucStatLen = 36  // ctime, mtime (sec+nsec), dev, ino, uid, gid, size
	ucFixed   = 116 // two stat blocks, dir_flags, two hashes
	ucFlagsAt = 2 * ucStatLen
	// dirShowOtherDirectories is DIR_SHOW_OTHER_DIRECTORIES in dir_flags:
	// then a change invalidates every directory up to the root.
	dirShowOtherDirectories = 1 << 1
)

type ucDir struct {
	name      string
	untracked []string
	children  []*ucDir
	valid     bool
	checkOnly bool
	stat      []byte // ucStatLen bytes when valid
	oid       []byte // hashLen bytes when the exclude hash is known
}

type untrackedCache struct {
	head  []byte // everything up to the directory count, verbatim
	flags uint32
	root  *ucDir
}

// parseUntracked decodes an UNTR payload; a nil root means an empty cache.
func parseUntracked(data []byte) (*untrackedCache, error) {
	if len(data) < 2 || data[len(data)-1] != 0 {
		return nil, fmt.Errorf("untracked cache: missing guard byte")
	}
	end := data[:len(data)-1]
	identLen, k, err := decodeVarint(end)
	if err != nil || uint64(len(end)-k) < identLen+ucFixed+1 {
		return nil, fmt.Errorf("untracked cache: bad header")
	}
	fixed := k + int(identLen)
	nul := bytes.IndexByte(end[fixed+ucFixed:], 0)
	if nul < 0 {
		return nil, fmt.Errorf("untracked cache: bad exclude file name")
	}
	uc := &untrackedCache{head: end[:fixed+ucFixed+nul+1], flags: be.Uint32(end[fixed+ucFlagsAt:])}
	rest := end[len(uc.head):]
	if len(rest) == 0 {
		return uc, nil
	}
	return uc, uc.parseDirs(rest)
}

// ucReader walks the directory blocks and the arrays that follow them.
type ucReader struct {
	b    []byte
	dirs []*ucDir // in depth-first order
}

func (uc *untrackedCache) parseDirs(b []byte) error {
	n, k, err := decodeVarint(b)
	if err != nil || n == 0 {
		return err
	}
	r := &ucReader{b: b[k:]}
	if uc.root, err = r.dir(); err != nil {
		return fmt.Errorf("untracked cache: %w", err)
	}
	if uint64(len(r.dirs)) != n {
		return fmt.Errorf("untracked cache: %d directories, header says %d", len(r.dirs), n)
	}
	return r.bitmaps()
}

func (r *ucReader) varint() (int, error) {
	v, k, err := decodeVarint(r.b)
	if err != nil || v > uint64(len(r.b)) {
		return 0, fmt.Errorf("bad count")
	}
	r.b = r.b[k:]
	return int(v), nil
}

func (r *ucReader) str() (string, error) {
	i := bytes.IndexByte(r.b, 0)
	if i < 0 {
		return "", fmt.Errorf("unterminated name")
	}
	s := string(r.b[:i])
	r.b = r.b[i+1:]
	return s, nil
}

// dir reads one directory block and, recursively, its subdirectories.
func (r *ucReader) dir() (*ucDir, error) {
	nUntracked, err := r.varint()
	if err != nil {
		return nil, err
	}
	nDirs, err := r.varint()
	if err != nil {
		return nil, err
	}
	d := &ucDir{}
	r.dirs = append(r.dirs, d)
	if d.name, err = r.str(); err != nil {
		return nil, err
	}
	for range nUntracked {
		s, err := r.str()
		if err != nil {
			return nil, err
		}
		d.untracked = append(d.untracked, s)
	}
	for range nDirs {
		c, err := r.dir()
		if err != nil {
			return nil, err
		}
		d.children = append(d.children, c)
	}
	return d, nil
}

// bitmaps reads the valid, check-only and hash bitmaps and the stat data
// and hashes they index.
func (r *ucReader) bitmaps() error {
	var sets [3][]int
	for i := range sets {
		s, n, err := ewahBits(r.b)
		if err != nil {
			return fmt.Errorf("untracked cache: %w", err)
		}
		sets[i], r.b = s, r.b[n:]
	}
	if err := r.each(sets[0], ucStatLen, func(d *ucDir, b []byte) { d.valid, d.stat = true, b }); err != nil {
		return err
	}
	for _, p := range sets[1] {
		if p < len(r.dirs) {
			r.dirs[p].checkOnly = true
		}
	}
	if err := r.each(sets[2], hashLen, func(d *ucDir, b []byte) { d.oid = b }); err != nil {
		return err
	}
	if len(r.b) != 0 {
		return fmt.Errorf("untracked cache: %d stray bytes", len(r.b))
	}
	return nil
}

// each hands size bytes to set for every directory whose bit is set.
func (r *ucReader) each(bits []int, size int, set func(*ucDir, []byte)) error {
	for _, p := range bits {
		if p >= len(r.dirs) || len(r.b) < size {
			return fmt.Errorf("untracked cache: bitmap past the directories")
		}
		set(r.dirs[p], r.b[:size])
		r.b = r.b[size:]
	}
	return nil
}

// invalidate forgets what the cache knows about the directory holding
// path, and with DIR_SHOW_OTHER_DIRECTORIES about every ancestor too
// (git's invalidate_one_component). A directory the cache does not hold
// needs nothing: git creates a node for it that is never written.
func (d *ucDir) invalidate(path string, showOther bool) bool {
	comp, rest, more := strings.Cut(path, "/")
	if !more {
		d.forget()
		return showOther
	}
	ret := showOther
	for _, c := range d.children {
		if c.name == comp {
			ret = c.invalidate(rest, showOther)
			break
		}
	}
	if ret {
		d.forget()
	}
	return ret
}

func (d *ucDir) forget() {
	d.valid, d.checkOnly, d.untracked, d.stat = false, false, nil, nil
}

// appendTo serialises the cache as git's write_untracked_extension does.
func (uc *untrackedCache) appendTo(out []byte) []byte {
	out = append(out, uc.head...)
	if uc.root == nil {
		return append(out, 0)
	}
	w := &ucWriter{}
	w.dir(uc.root)
	out = appendVarint(out, uint64(w.n))
	out = append(out, w.blocks...)
	out = ewahFrom(w.valid).appendTo(out)
	out = ewahFrom(w.checkOnly).appendTo(out)
	out = ewahFrom(w.hashed).appendTo(out)
	out = append(out, w.stats...)
	out = append(out, w.oids...)
	return append(out, 0)
}

type ucWriter struct {
	n                        int
	blocks, stats, oids      []byte
	valid, checkOnly, hashed []int
}

func (w *ucWriter) dir(d *ucDir) {
	i := w.n
	w.n++
	if d.checkOnly && d.valid {
		w.checkOnly = append(w.checkOnly, i)
	}
	if d.valid {
		w.valid, w.stats = append(w.valid, i), append(w.stats, d.stat...)
	}
	if d.oid != nil {
		w.hashed, w.oids = append(w.hashed, i), append(w.oids, d.oid...)
	}
	w.blocks = appendVarint(w.blocks, uint64(len(d.untracked)))
	w.blocks = appendVarint(w.blocks, uint64(len(d.children)))
	w.blocks = append(append(w.blocks, d.name...), 0)
	for _, u := range d.untracked {
		w.blocks = append(append(w.blocks, u...), 0)
	}
	for _, c := range d.children {
		w.dir(c)
	}
}

// untrackedPayload returns the UNTR extension with the paths that entered
// or left the index invalidated; untouched, it is the original bytes.
func (ix *Index) untrackedPayload(old []byte) ([]byte, error) {
	if len(ix.enterLeft) == 0 {
		return old, nil
	}
	uc, err := parseUntracked(old)
	if err != nil {
		return nil, err
	}
	if uc.root == nil {
		return old, nil
	}
	for _, p := range ix.enterLeft {
		uc.root.invalidate(p, uc.flags&dirShowOtherDirectories != 0)
	}
	return uc.appendTo(make([]byte, 0, len(old))), nil
}
