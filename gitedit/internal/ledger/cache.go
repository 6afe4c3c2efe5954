package ledger

import (
	"sync"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/objects"
)

// Cache keeps, in a long-lived process (the MCP server, a library
// user's Repo), what recording one batch learned for the next: the tree
// of each entry it wrote and the trees it parsed or wrote along the
// batch's paths, so the next batch of the session neither reads its
// ledger's newest commit nor the folders it changed back from disk. The
// ledger ref is still read for every batch: the cache only answers for
// the entry the ref names (an entry's tree never changes), so a ledger
// another process moved meanwhile is read as usual. A Cache is safe for
// concurrent use.
type Cache struct {
	mu    sync.Mutex
	tips  map[plumbing.Hash]plumbing.Hash // entry → its tree
	trees *objects.TreeCache
}

// Bounds of a Cache: entries remembered (a server records one session,
// a few more are rare) and tree entries kept (about 40 bytes each, as
// stored), past which only the trees of the latest batch are kept.
const (
	cacheTips        = 64
	cacheTreeEntries = 50000
)

// NewCache returns an empty cache.
func NewCache() *Cache {
	return &Cache{tips: map[plumbing.Hash]plumbing.Hash{}, trees: objects.NewTreeCache(cacheTreeEntries)}
}

// WithCache returns s using c (nil: none) across the batches of a
// long-lived process.
func (s *Store) WithCache(c *Cache) *Store {
	if c == nil {
		return s
	}
	s.cache = c
	s.trees = c.trees.Trees(s.db)
	return s
}

// tree returns the tree of entry from the cache.
func (c *Cache) tree(entry plumbing.Hash) (plumbing.Hash, bool) {
	if c == nil {
		return plumbing.ZeroHash, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.tips[entry]
	return t, ok
}

// keep remembers entry's tree and the trees of the batch that wrote it.
func (c *Cache) keep(entry, tree plumbing.Hash, trees *objects.Trees) {
	if c == nil {
		return
	}
	c.trees.Keep(trees)
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.tips) >= cacheTips {
		clear(c.tips)
	}
	c.tips[entry] = tree
}
