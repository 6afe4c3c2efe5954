package objects

import (
	"bytes"
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// TreeChange sets or removes one path in a tree.
type TreeChange struct {
	Path   string // slash-separated, repository-relative
	Hash   plumbing.Hash
	Mode   filemode.FileMode
	Delete bool
}

// entry is one raw tree entry; mode keeps the bytes the tree had, so that
// untouched entries are written back exactly as they were read.
type entry struct {
	mode string
	name string
	hash plumbing.Hash
}

func (e entry) isTree() bool { return e.mode == "40000" || e.mode == "040000" }

// sortKey is the name git sorts an entry by: a tree sorts as name + "/".
func (e entry) sortKey() string {
	if e.isTree() {
		return e.name + "/"
	}
	return e.name
}

// node is the set of changes below one folder: leaves set or delete an
// entry of the folder, dirs hold the changes of its sub-folders.
type node struct {
	leaves map[string]TreeChange
	dirs   map[string]*node
}

// Trees reads tree objects from a store and writes new ones to it,
// parsing each tree once: a batch's dirty check and its commit share one,
// so the folders both visit are read and decoded once.
type Trees struct {
	db     *DB
	mu     sync.Mutex
	parsed map[plumbing.Hash]*rawTree // the trees read or written through t
	shared *TreeCache                 // nil: none
}

// NewTrees returns a tree reader and writer over db.
func NewTrees(db *DB) *Trees {
	return &Trees{db: db, parsed: map[plumbing.Hash]*rawTree{}}
}

// Lookup finds the entry called name in tree h (zero: the empty tree): a
// folder when dir is set, else a file, symlink or submodule. It returns
// the entry's id and mode, and false when there is none.
func (t *Trees) Lookup(h plumbing.Hash, name string, dir bool) (plumbing.Hash, filemode.FileMode, bool, error) {
	r, err := t.read(h)
	if err != nil {
		return plumbing.ZeroHash, 0, false, err
	}
	i := r.find(name, dir)
	if i < 0 {
		return plumbing.ZeroHash, 0, false, nil
	}
	m, _, id := r.parts(i)
	mode, err := filemode.New(string(m))
	if err != nil {
		return plumbing.ZeroHash, 0, false, fmt.Errorf("read tree %s: entry %q: %w", h, name, err)
	}
	return plumbing.Hash(id), mode, true, nil
}

// read returns tree h (the empty tree for zero), read and indexed once;
// it is shared and must not be modified.
func (t *Trees) read(h plumbing.Hash) (*rawTree, error) {
	if h.IsZero() {
		return emptyRaw, nil
	}
	t.mu.Lock()
	r, ok := t.parsed[h]
	t.mu.Unlock()
	if ok {
		return r, nil
	}
	if r, ok = t.shared.get(h); ok {
		t.keep(h, r)
		return r, nil
	}
	data, err := t.db.Read(plumbing.TreeObject, h)
	if err != nil {
		return nil, err
	}
	if r, err = indexTree(h, data); err != nil {
		return nil, err
	}
	t.keep(h, r)
	return r, nil
}

// keep remembers tree h, read or written.
func (t *Trees) keep(h plumbing.Hash, r *rawTree) {
	t.mu.Lock()
	t.parsed[h] = r
	t.mu.Unlock()
}

// UpdateTree returns the id of base (zero: the empty tree) with changes
// applied, writing only the trees along the changed paths. Empty trees left
// by deletions are dropped; the root tree is written even when empty. A
// later change to the same path wins; a file replaces a folder of the same
// name and the other way round. Deleting a missing path changes nothing;
// deleting a path that other changes create files under deletes the file
// it names, and the folder of those files takes its place.
func UpdateTree(t *Trees, base plumbing.Hash, changes []TreeChange) (plumbing.Hash, error) {
	root, err := buildNodes(changes)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	h, err := updateNode(t, base, root, "")
	if err != nil {
		return plumbing.ZeroHash, err
	}
	if h.IsZero() {
		return t.db.Write(plumbing.TreeObject, nil)
	}
	return h, nil
}

// buildNodes groups changes into a tree of folders, validating each path.
func buildNodes(changes []TreeChange) (*node, error) {
	root := newNode()
	for _, c := range changes {
		parts, err := splitPath(c.Path)
		if err != nil {
			return nil, err
		}
		if !c.Delete && c.Hash.IsZero() {
			return nil, fmt.Errorf("tree change %q: no object id", c.Path)
		}
		n := root
		for _, dir := range parts[:len(parts)-1] {
			n = n.child(dir)
		}
		n.leaves[parts[len(parts)-1]] = c
	}
	return root, nil
}

func newNode() *node { return &node{leaves: map[string]TreeChange{}, dirs: map[string]*node{}} }

// child returns the sub-node for dir, creating it.
func (n *node) child(dir string) *node {
	c, ok := n.dirs[dir]
	if !ok {
		c = newNode()
		n.dirs[dir] = c
	}
	return c
}

// splitPath splits a repository-relative slash path, refusing empty
// components, ".", ".." and ".git" as git does.
func splitPath(p string) ([]string, error) {
	parts := strings.Split(p, "/")
	for _, part := range parts {
		if part == "" || part == "." || part == ".." || strings.EqualFold(part, ".git") || strings.ContainsRune(part, 0) {
			return nil, fmt.Errorf("invalid tree path %q", p)
		}
	}
	return parts, nil
}

// updateNode applies n to the tree base (zero: none) and returns the new
// tree's id, or zero when the result is empty.
func updateNode(t *Trees, base plumbing.Hash, n *node, prefix string) (plumbing.Hash, error) {
	r, err := t.read(base)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	subs, err := updateDirs(t, r, n, prefix)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	var edits []edit
	for _, d := range subs {
		if d.changed {
			edits = append(edits, edit{d.name, d.entry})
		}
	}
	for name, c := range n.leaves {
		if _, dir := n.dirs[name]; dir && c.Delete {
			continue // the file name names goes, the folder's changes take its place (updateDirs)
		}
		e := &entry{mode: modeString(c.Mode), name: name, hash: c.Hash}
		if c.Delete {
			e = nil
		}
		edits = append(edits, edit{name, e})
	}
	if len(edits) == 0 {
		return base, nil
	}
	out, ok := splice(r, edits)
	if !ok {
		out = decodeAndEdit(r, edits)
	}
	if out.len() == 0 {
		return plumbing.ZeroHash, nil
	}
	h, err := t.db.Write(plumbing.TreeObject, out.data)
	if err == nil {
		t.keep(h, out) // as reading it back would index it
	}
	return h, err
}

// dirUpdate is the outcome of updateDir for one sub-folder.
type dirUpdate struct {
	name    string
	entry   *entry
	changed bool
}

// updateDirs runs updateDir for every sub-folder of n that a leaf change
// does not replace, in parallel (each reads, rebuilds and compresses its
// own trees): a batch over 100 folders of 1,000 files spends most of its
// tree work there.
func updateDirs(t *Trees, r *rawTree, n *node, prefix string) ([]dirUpdate, error) {
	var names []string
	for name := range n.dirs {
		if leaf, ok := n.leaves[name]; !ok || leaf.Delete { // a leaf change for name replaces the whole folder; a deletion only the file
			names = append(names, name)
		}
	}
	out := make([]dirUpdate, len(names))
	errs := make([]error, len(names))
	parallel(len(names), func(i int) {
		e, c, err := updateDir(t, r, names[i], n.dirs[names[i]], prefix)
		out[i], errs[i] = dirUpdate{names[i], e, c}, err
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// parallel calls f(0..n-1) on up to GOMAXPROCS goroutines.
func parallel(n int, f func(i int)) {
	if n <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				f(i)
			}
		}()
	}
	wg.Wait()
}

// updateDir computes the new entry for sub-folder name of r (nil: drop
// it) and whether it differs from the current one: the entry called name
// (the last one, were there several) when it is a folder.
func updateDir(t *Trees, r *rawTree, name string, sub *node, prefix string) (*entry, bool, error) {
	var old plumbing.Hash
	if i := r.named(name); i >= 0 {
		if mode, _, id := r.parts(i); isTreeMode(mode) {
			old = plumbing.Hash(id)
		}
	}
	h, err := updateNode(t, old, sub, prefix+name+"/")
	if err != nil {
		return nil, false, err
	}
	if h.IsZero() {
		return nil, !old.IsZero(), nil
	}
	if h == old {
		return nil, false, nil
	}
	return &entry{mode: "40000", name: name, hash: h}, true, nil
}

// decodeAndEdit is splice for a tree that cannot be spliced: its entries
// decoded, edited by name (the last entry of a name, were there several)
// and sorted as git does.
func decodeAndEdit(r *rawTree, edits []edit) *rawTree {
	entries := r.entries()
	byName := make(map[string]int, len(entries))
	for i, e := range entries {
		byName[e.name] = i
	}
	for _, ed := range edits {
		entries = setEntry(entries, byName, ed.name, ed.e)
	}
	kept := entries[:0]
	for _, e := range entries {
		if e.name != "" {
			kept = append(kept, e)
		}
	}
	sort.Slice(kept, func(i, j int) bool { return kept[i].sortKey() < kept[j].sortKey() })
	out, _ := indexTree(plumbing.ZeroHash, encodeTree(kept)) // well formed: encoded here
	return out
}

// setEntry replaces (or, with e nil, removes) the entry called name.
// Removed entries are marked with an empty name and dropped by the caller.
func setEntry(entries []entry, byName map[string]int, name string, e *entry) []entry {
	i, ok := byName[name]
	switch {
	case ok && e == nil:
		entries[i].name = ""
		delete(byName, name)
	case ok:
		entries[i] = *e
	case e != nil:
		byName[name] = len(entries)
		entries = append(entries, *e)
	}
	return entries
}

// encodeTree returns the raw content of a tree with entries in order.
func encodeTree(entries []entry) []byte {
	var b bytes.Buffer
	for _, e := range entries {
		b.WriteString(e.mode)
		b.WriteByte(' ')
		b.WriteString(e.name)
		b.WriteByte(0)
		b.Write(e.hash[:])
	}
	return b.Bytes()
}

// TreeEntry is one entry of a tree to write.
type TreeEntry struct {
	Mode filemode.FileMode
	Name string
	Hash plumbing.Hash
}

// WriteTree writes a tree of entries, which must already be in git's tree
// order (the order an index lists the paths in gives it), and returns its
// id.
func WriteTree(db *DB, entries []TreeEntry) (plumbing.Hash, error) {
	size := 0
	for _, e := range entries {
		size += 8 + len(e.Name) + len(e.Hash)
	}
	b := make([]byte, 0, size)
	for _, e := range entries {
		b = strconv.AppendUint(b, uint64(e.Mode), 8)
		b = append(b, ' ')
		b = append(b, e.Name...)
		b = append(b, 0)
		b = append(b, e.Hash[:]...)
	}
	return db.Write(plumbing.TreeObject, b)
}

// Walk calls fn for every non-tree entry below tree root (recursively),
// with its slash path, id and mode, in tree order.
func (t *Trees) Walk(root plumbing.Hash, fn func(path string, h plumbing.Hash, mode filemode.FileMode)) error {
	return t.walk(root, "", fn)
}

// walk visits the entries of tree h, whose path is prefix.
func (t *Trees) walk(h plumbing.Hash, prefix string, fn func(string, plumbing.Hash, filemode.FileMode)) error {
	r, err := t.read(h)
	if err != nil {
		return err
	}
	for i := range r.len() {
		e := r.entry(i)
		if e.isTree() {
			if err := t.walk(e.hash, prefix+e.name+"/", fn); err != nil {
				return err
			}
			continue
		}
		mode, err := filemode.New(e.mode)
		if err != nil {
			return fmt.Errorf("tree %s: entry %q: %w", h, e.name, err)
		}
		fn(prefix+e.name, e.hash, mode)
	}
	return nil
}
