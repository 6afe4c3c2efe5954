package objects

import (
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
)

// TreeCache keeps, in a long-lived process, the trees its batches read
// or wrote, for the Trees of later batches (a tree is named by its
// content: any database of the same repository reads it alike). A batch
// merges the trees it used into the cache (Keep), in time proportional
// to them; past a bound on the entries kept, the trees the latest batch
// did not use are dropped. A TreeCache is safe for concurrent use.
type TreeCache struct {
	mu      sync.Mutex
	trees   map[plumbing.Hash]cachedTree
	entries int // of the trees kept
	gen     int // batches kept so far
	max     int
}

// cachedTree is a kept tree and the last batch (Keep) that used it.
type cachedTree struct {
	r   *rawTree
	gen int
}

// NewTreeCache returns an empty cache that keeps trees of maxEntries
// entries in all (more when the latest batch used more).
func NewTreeCache(maxEntries int) *TreeCache {
	return &TreeCache{trees: map[plumbing.Hash]cachedTree{}, max: maxEntries}
}

// Trees returns a tree reader and writer over db that reads the trees
// c holds from c.
func (c *TreeCache) Trees(db *DB) *Trees {
	t := NewTrees(db)
	t.shared = c
	return t
}

// get returns tree h from c (nil: none).
func (c *TreeCache) get(h plumbing.Hash) (*rawTree, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.trees[h]
	return e.r, ok
}

// Keep merges the trees t read or wrote into c, as the latest batch's.
func (c *TreeCache) Keep(t *Trees) {
	t.mu.Lock()
	defer t.mu.Unlock()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for h, r := range t.parsed {
		if _, ok := c.trees[h]; !ok {
			c.entries += r.len()
		}
		c.trees[h] = cachedTree{r, c.gen}
	}
	if c.entries <= c.max {
		return
	}
	for h, e := range c.trees {
		if e.gen != c.gen {
			c.entries -= e.r.len()
			delete(c.trees, h)
		}
	}
}
