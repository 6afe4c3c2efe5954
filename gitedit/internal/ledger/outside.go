package ledger

import (
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"

	"github.com/gitedit/gitedit/gitedit/internal/objects"
)

// outsideChanges returns the tree changes that bring tree (the ledger's
// newest) to the state the batch found its files in: each file whose
// before side is not what tree holds, and, for a file the batch creates,
// a file in the way on its folders' paths or a folder in its place (the
// batch found them gone, unless it removes them itself), with
// rec.WriteBefore called for each before blob it names. Only the
// folders along the batch's paths are read.
func (s *Store) outsideChanges(tree plumbing.Hash, rec Record) ([]objects.TreeChange, error) {
	own := make(map[string]bool, len(rec.Changes))
	for _, c := range rec.Changes {
		own[c.Path] = true
	}
	var out []objects.TreeChange
	for i, c := range rec.Changes {
		p, err := s.probe(tree, c.Path)
		if err != nil {
			return nil, err
		}
		if p.file != c.Before {
			if c.Before.Exists() && rec.WriteBefore != nil {
				if err := rec.WriteBefore(i); err != nil {
					return nil, err
				}
			}
			out = append(out, treeChange(c.Path, c.Before))
		}
		if c.Before.Exists() || !c.After.Exists() {
			continue
		}
		if p.fileAbove != "" && !own[p.fileAbove] {
			out = append(out, objects.TreeChange{Path: p.fileAbove, Delete: true})
		}
		if !p.dir.IsZero() {
			gone, err := s.filesBelow(p.dir, c.Path+"/", own)
			if err != nil {
				return nil, err
			}
			out = append(out, gone...)
		}
	}
	return out, nil
}

// probed is what a tree holds at a path: the file there (zero Side: none),
// the folder there (zero: none), and a file on the way to it.
type probed struct {
	file      Side
	dir       plumbing.Hash
	fileAbove string
}

// probe looks path up in tree, one folder at a time.
func (s *Store) probe(tree plumbing.Hash, path string) (probed, error) {
	var p probed
	h, start := tree, 0
	for i := 0; i <= len(path); i++ {
		if i < len(path) && path[i] != '/' {
			continue
		}
		name := path[start:i]
		if i == len(path) {
			return s.probeLeaf(h, name)
		}
		sub, _, ok, err := s.trees.Lookup(h, name, true)
		if err != nil || !ok {
			if err == nil {
				_, _, isFile, err2 := s.trees.Lookup(h, name, false)
				if isFile {
					p.fileAbove = path[:i]
				}
				err = err2
			}
			return p, err
		}
		h, start = sub, i+1
	}
	return p, nil
}

// probeLeaf looks the last component of a path up in its folder h.
func (s *Store) probeLeaf(h plumbing.Hash, name string) (probed, error) {
	var p probed
	id, mode, ok, err := s.trees.Lookup(h, name, false)
	if err != nil {
		return p, err
	}
	if ok {
		p.file = Side{Hash: id, Mode: mode}
	}
	dir, _, ok, err := s.trees.Lookup(h, name, true)
	if ok {
		p.dir = dir
	}
	return p, err
}

// filesBelow returns the removal of every file of folder dir (whose path
// ends with prefix) the batch does not change itself.
func (s *Store) filesBelow(dir plumbing.Hash, prefix string, own map[string]bool) ([]objects.TreeChange, error) {
	var out []objects.TreeChange
	err := s.trees.Walk(dir, func(path string, _ plumbing.Hash, _ filemode.FileMode) {
		if !own[prefix+path] {
			out = append(out, objects.TreeChange{Path: prefix + path, Delete: true})
		}
	})
	return out, err
}
