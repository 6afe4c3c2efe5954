package objects

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// zlibReaders keeps inflaters for reuse: setting one up allocates more
// than inflating a small tree.
var zlibReaders sync.Pool

// readLoose reads object h of type t from its loose file under the
// objects folder dir. ok is false when the object is not stored loose
// there (it may be packed, or in an alternate). Like git, it does not
// re-hash what it reads; it checks the header's type and size.
func readLoose(dir string, t plumbing.ObjectType, h plumbing.Hash) (data []byte, ok bool, err error) {
	hex := h.String()
	raw, err := wtfs.ReadFile(filepath.Join(dir, hex[:2], hex[2:]))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read %s %s: %w", t, h, err)
	}
	body, err := inflate(raw)
	if err != nil {
		return nil, false, fmt.Errorf("read %s %s: %w", t, h, err)
	}
	data, err = stripHeader(body, t)
	if err != nil {
		return nil, false, fmt.Errorf("read %s %s: %w", t, h, err)
	}
	return data, true, nil
}

// inflate decompresses a zlib stream with a pooled reader, into a
// buffer sized from the object header it starts with (see inflatedSize).
func inflate(raw []byte) ([]byte, error) {
	src := bytes.NewReader(raw)
	zr, _ := zlibReaders.Get().(io.ReadCloser)
	var err error
	if zr == nil {
		zr, err = zlib.NewReader(src)
	} else {
		err = zr.(zlib.Resetter).Reset(src, nil)
	}
	if err != nil {
		return nil, err
	}
	defer zlibReaders.Put(zr)
	var head [32]byte
	n, err := io.ReadFull(zr, head[:])
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		return append([]byte(nil), head[:n]...), nil // the whole stream, checksum checked
	}
	if err != nil {
		return nil, err
	}
	out := bytes.NewBuffer(make([]byte, 0, inflatedSize(head[:], len(raw))+bytes.MinRead))
	out.Write(head[:])
	_, err = out.ReadFrom(zr)
	return out.Bytes(), err
}

// inflatedSize is the size of the object whose inflated start is head
// ("<type> <size>\x00..."), header included, as the header says; 3 ×
// the compressed size when it says nothing usable or more than deflate
// could have packed into compressed bytes (a corrupt header must not
// make a reader allocate gigabytes).
func inflatedSize(head []byte, compressed int) int {
	guess := 3 * compressed
	nul := bytes.IndexByte(head, 0)
	sp := bytes.IndexByte(head, ' ')
	if sp < 0 || nul < sp {
		return guess
	}
	n, err := strconv.Atoi(string(head[sp+1 : nul]))
	if err != nil || n < 0 || n > 1032*compressed {
		return guess
	}
	return nul + 1 + n
}

// stripHeader checks the "<type> <size>\x00" header of an inflated
// object and returns the content after it.
func stripHeader(body []byte, t plumbing.ObjectType) ([]byte, error) {
	nul := bytes.IndexByte(body, 0)
	if nul < 0 {
		return nil, errors.New("no object header")
	}
	kind, size, ok := bytes.Cut(body[:nul], []byte{' '})
	n, err := strconv.Atoi(string(size))
	switch {
	case !ok || err != nil:
		return nil, fmt.Errorf("malformed object header %q", body[:nul])
	case string(kind) != t.String():
		return nil, fmt.Errorf("object is a %s, not a %s", kind, t)
	case n != len(body)-nul-1:
		return nil, fmt.Errorf("object size %d does not match its header (%d)", len(body)-nul-1, n)
	}
	return body[nul+1:], nil
}
