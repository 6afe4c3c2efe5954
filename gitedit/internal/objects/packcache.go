package objects

import (
	"path/filepath"
	"slices"
	"sync"

	"github.com/gitedit/gitedit/gitedit/internal/statproof"
)

// PackCache keeps the opened packs of one objects folder from one use to
// the next (the batches of an MCP server's session), so that a batch does
// not list the pack folder, open every .pack and map every .idx again.
// Each Open costs one stat of the pack folder: when the folder changed
// (writing or removing a pack renames or unlinks a file in it, which
// changes its modification time) or its listing was racy (statproof),
// the packs are listed and opened again, as git prepares its pack list
// again when it looks for an object it does not find. A set of packs is
// closed when the cache has moved past it and the last Packs using it is
// closed. Where open files cannot be removed (keepPacksOpen), Open opens
// the packs anew each time. Its methods are safe for concurrent use.
type PackCache struct {
	dir    string // the objects folder
	mu     sync.Mutex
	cur    *packSet // the newest set, nil before the first Open
	closed bool
}

// packSet is one listing of the pack folder, opened, shared by the Packs
// that Open returned while it was the newest.
type packSet struct {
	packs []*pack
	cache *baseCache
	// names are the pack indexes the listing found (see listPackIndexes).
	names []string
	// stat is the pack folder's, taken before the listing.
	stat statproof.Snapshot
	// users counts the open Packs of this set, and the cache while the set
	// is its newest.
	users int
}

// NewPackCache returns the cache of the packs of the objects folder dir.
func NewPackCache(dir string) *PackCache {
	return &PackCache{dir: dir}
}

// Open returns the packs of the objects folder, as OpenPacks does, from
// the cache when the pack folder has not changed since they were listed.
// The caller closes the Packs when done; that gives them back.
func (c *PackCache) Open() (*Packs, error) {
	snap := statproof.Take(filepath.Join(c.dir, "pack"))
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed || !keepPacksOpen {
		return OpenPacks(c.dir)
	}
	if c.cur != nil && c.cur.stat.Vouches(snap) {
		return c.use(c.cur), nil
	}
	names := listPackIndexes(filepath.Join(c.dir, "pack"))
	if set := c.cur; set != nil && slices.Equal(set.names, names) && len(set.packs) == len(names) {
		// Listed again (the folder changed, or its listing was racy) and
		// the same packs: a pack's name is its content's checksum, so the
		// open ones still hold the objects the folder's files hold.
		set.stat = snap
		return c.use(set), nil
	}
	p, err := openPacks(c.dir, names)
	if err != nil {
		return nil, err
	}
	set := &packSet{packs: p.packs, cache: p.cache, names: names, stat: snap, users: 1}
	_ = c.retire() // closing read-only files: nothing to lose
	c.cur = set
	return c.use(set), nil
}

// use returns a Packs over set, counted among its users. c.mu is held.
func (c *PackCache) use(set *packSet) *Packs {
	set.users++
	return &Packs{dir: c.dir, packs: set.packs, cache: set.cache,
		release: func() error { return c.done(set) }}
}

// done is the release of a Packs over set.
func (c *PackCache) done(set *packSet) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.drop(set)
}

// drop counts one user of set less and closes it after the last. c.mu is
// held.
func (c *PackCache) drop(set *packSet) error {
	if set.users--; set.users > 0 {
		return nil
	}
	return closePacks(set.packs, set.cache)
}

// retire makes the cache stop using its newest set. c.mu is held.
func (c *PackCache) retire() error {
	if c.cur == nil {
		return nil
	}
	set := c.cur
	c.cur = nil
	return c.drop(set)
}

// Close closes the cached packs once the Packs still open over them are
// closed; Open then opens packs uncached.
func (c *PackCache) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	return c.retire()
}
