package index

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// treeNode is one cache-tree node of the TREE extension: its path
// component, the number of index entries it covers (-1 when invalid), its
// tree id when valid, and its subtrees in on-disk order.
type treeNode struct {
	name     string
	count    int
	hash     [hashLen]byte
	children []*treeNode
}

// parseTree decodes the TREE extension.
func parseTree(data []byte) (*treeNode, error) {
	root, n, err := parseTreeNode(data)
	if err != nil {
		return nil, fmt.Errorf("cache-tree: %w", err)
	}
	if n != len(data) {
		return nil, fmt.Errorf("cache-tree: %d stray bytes", len(data)-n)
	}
	return root, nil
}

// parseTreeNode decodes "name NUL count SP subtrees LF [hash]" and then
// its subtrees, returning the bytes consumed.
func parseTreeNode(b []byte) (*treeNode, int, error) {
	nul := bytes.IndexByte(b, 0)
	// The name may hold a newline: the counts end at the first one after it.
	lf := bytes.IndexByte(b[max(nul, 0):], '\n') + max(nul, 0)
	if nul < 0 || lf < nul {
		return nil, 0, fmt.Errorf("malformed node")
	}
	count, subs, ok := strings.Cut(string(b[nul+1:lf]), " ")
	n := &treeNode{name: string(b[:nul])}
	var err1, err2 error
	n.count, err1 = strconv.Atoi(count)
	nsub, err2 := strconv.Atoi(subs)
	if !ok || err1 != nil || err2 != nil || nsub < 0 {
		return nil, 0, fmt.Errorf("malformed counts in node %q", n.name)
	}
	off := lf + 1
	if n.count >= 0 {
		if off+hashLen > len(b) {
			return nil, 0, fmt.Errorf("node %q: truncated hash", n.name)
		}
		copy(n.hash[:], b[off:])
		off += hashLen
	}
	for range nsub {
		c, k, err := parseTreeNode(b[off:])
		if err != nil {
			return nil, 0, err
		}
		n.children = append(n.children, c)
		off += k
	}
	return n, off, nil
}

// appendTo serialises the node and its subtrees as git's write_one does.
func (n *treeNode) appendTo(out []byte) []byte {
	out = append(out, n.name...)
	out = append(out, 0)
	out = strconv.AppendInt(out, int64(n.count), 10)
	out = append(out, ' ')
	out = strconv.AppendInt(out, int64(len(n.children)), 10)
	out = append(out, '\n')
	if n.count >= 0 {
		out = append(out, n.hash[:]...)
	}
	for _, c := range n.children {
		out = c.appendTo(out)
	}
	return out
}

// invalidate marks n and every node along path invalid; when the last
// component names a subtree (a directory replaced by a file), that
// subtree is dropped. This is git's cache_tree_invalidate_path.
func (n *treeNode) invalidate(path string) {
	n.count = -1
	comp, rest, more := strings.Cut(path, "/")
	for i, c := range n.children {
		if c.name != comp {
			continue
		}
		if more {
			c.invalidate(rest)
		} else {
			n.children = append(n.children[:i], n.children[i+1:]...)
		}
		return
	}
}

// treePayload returns the TREE extension with the touched paths
// invalidated, then the folders given to Revalidate valid again; untouched,
// it is the original bytes.
func (ix *Index) treePayload(old []byte) ([]byte, error) {
	if len(ix.touched) == 0 {
		return old, nil
	}
	root, err := parseTree(old)
	if err != nil {
		return nil, err
	}
	orig, _ := parseTree(old)
	for _, p := range ix.touched {
		root.invalidate(p)
	}
	for dir, id := range ix.revalidate {
		n, o := root.find(dir), orig.find(dir)
		if n != nil && o != nil && o.count >= 0 {
			n.count, n.hash = o.count, id
		}
	}
	return root.appendTo(make([]byte, 0, len(old))), nil
}

// Revalidate records, for the next Encode, the tree ids of folders whose
// entries the caller replaced ("" for the root): their cache-tree nodes,
// invalidated by the Adds, are made valid again with these ids and their
// old entry counts. The caller vouches that it only replaced entries (no
// path entered or left these folders) and that each id is exactly the tree
// of the folder's entries as they now are, as a commit of the index would
// write it (git commit updates the cache-tree the same way).
func (ix *Index) Revalidate(trees map[string]plumbing.Hash) {
	ix.revalidate = map[string][hashLen]byte{}
	for dir, id := range trees {
		ix.revalidate[dir] = id
	}
}

// find returns the node of the folder dir below n ("" is n), or nil.
func (n *treeNode) find(dir string) *treeNode {
	for dir != "" && n != nil {
		comp, rest, _ := strings.Cut(dir, "/")
		n, dir = n.child(comp), rest
	}
	return n
}

// TreeID returns the tree id the cache-tree records for the whole index,
// and whether it vouches for it: the TREE extension is there, its root is
// valid and covers every entry, nothing was added or removed since Read,
// and the index holds no conflict, intent-to-add or sparse-directory
// entry. Then the index's entries are exactly that tree's files, as git
// itself trusts when it commits.
func (ix *Index) TreeID() (plumbing.Hash, bool) {
	x := ix.ext("TREE")
	if x == nil || ix.changed || len(ix.touched) > 0 {
		return plumbing.ZeroHash, false
	}
	root, err := parseTree(x.data)
	if err != nil || root.count != ix.Len() || !ix.plainEntries() {
		return plumbing.ZeroHash, false
	}
	return plumbing.Hash(root.hash), true
}

// plainEntries reports whether every entry isPlain. The answer is kept
// (parse finds it on the way): it is asked only of entries as read
// (TreeID), and they do not change.
func (ix *Index) plainEntries() bool {
	if ix.plain == 0 {
		ix.plain = 1
		for _, e := range ix.Entries() {
			if !e.isPlain() {
				ix.plain = 2
				break
			}
		}
	}
	return ix.plain == 1
}

// isPlain reports whether e is a stage-0 entry of a file, neither
// intent-to-add nor a sparse directory.
func (e *Entry) isPlain() bool {
	return e.Stage == 0 && !e.IntentToAdd && e.Mode != ModeSparseDir
}

// HasFolder reports whether some stage-0 entry lies below the folder dir.
func (ix *Index) HasFolder(dir string) bool {
	prefix := dir + "/"
	i, _ := ix.search(prefix, 0)
	return i < ix.Len() && strings.HasPrefix(ix.nameAt(i), prefix)
}

// CachedTree returns the tree id the cache-tree records for the folder
// dir ("" for the root), and false when it records none (no TREE
// extension, no node for dir, or an invalid one). Only meaningful when
// TreeID vouches for the index.
func (ix *Index) CachedTree(dir string) (plumbing.Hash, bool) {
	x := ix.ext("TREE")
	if x == nil {
		return plumbing.ZeroHash, false
	}
	if ix.tree == nil || ix.treeOf != x {
		root, err := parseTree(x.data)
		if err != nil {
			return plumbing.ZeroHash, false
		}
		ix.tree, ix.treeOf = root, x
	}
	n := ix.tree.find(dir)
	if n == nil || n.count < 0 {
		return plumbing.ZeroHash, false
	}
	return plumbing.Hash(n.hash), true
}

// child returns the subtree called name, or nil.
func (n *treeNode) child(name string) *treeNode {
	for _, c := range n.children {
		if c.name == name {
			return c
		}
	}
	return nil
}

// Range returns the positions [lo, hi) of the entries below the folder
// dir ("" for the whole index).
func (ix *Index) Range(dir string) (lo, hi int) {
	if dir == "" {
		return 0, ix.Len()
	}
	lo, _ = ix.search(dir+"/", 0)
	hi, _ = ix.search(dir+"0", 0) // '0' follows '/': the first name past the folder
	return lo, hi
}
