package objects

import (
	"fmt"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
)

// heldObjects are the new objects a database holds (see Hold): encoded
// and compressed, their loose files not yet written.
type heldObjects struct {
	mu    sync.Mutex
	byID  map[plumbing.Hash]heldObject
	order []plumbing.Hash // in the order they were written
}

// heldObject is one held object: its type, content and compressed file.
type heldObject struct {
	t       plumbing.ObjectType
	data, z []byte
}

// flushWorkers is how many loose files Flush writes at a time: creating
// and renaming a file mostly waits on the file system, so a few overlap
// well even on two cores.
const flushWorkers = 4

// Hold makes Write keep new objects in memory instead of writing their
// files, until Flush writes them all at once (or Drop forgets them). Their
// ids are known at once, and Read and Has see them, so a batch can write
// trees that name the held blobs and a commit that names the held trees.
// The data given to Write must not change until Flush or Drop. Hold must not run concurrently with other methods of db.
func (db *DB) Hold() {
	db.held = &heldObjects{byID: map[plumbing.Hash]heldObject{}}
}

// Flush writes the loose files of the held objects, up to flushWorkers
// at a time, each as Write does (temporary file, synced when SyncFile is
// set, renamed into place), and stops holding. It returns once every file
// is written or has failed, with the first error in the order the objects
// were written; the files written stay (unreferenced objects are
// harmless). Flush must not run concurrently with other methods of db.
func (db *DB) Flush() error {
	held := db.held
	db.held = nil
	if held == nil {
		return nil
	}
	errs := make([]error, len(held.order))
	parallelUpTo(len(held.order), flushWorkers, func(i int) {
		h := held.order[i]
		errs[i] = db.writeHeld(h, held.byID[h])
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// writeHeld writes the loose file of held object h.
func (db *DB) writeHeld(h plumbing.Hash, o heldObject) error {
	if err := db.writeFile(h, o.z); err != nil {
		return fmt.Errorf("write %s %s: %w", o.t, h, err)
	}
	return nil
}

// Drop forgets the held objects without writing them, and stops holding.
func (db *DB) Drop() { db.held = nil }

// add holds object h (a second add of the same id is ignored).
func (held *heldObjects) add(h plumbing.Hash, o heldObject) {
	held.mu.Lock()
	defer held.mu.Unlock()
	if _, ok := held.byID[h]; !ok {
		held.byID[h] = o
		held.order = append(held.order, h)
	}
}

// has reports whether h is held (false on a nil held).
func (held *heldObjects) has(h plumbing.Hash) bool {
	_, ok := held.get(plumbing.AnyObject, h)
	return ok
}

// get returns the content of held object h when it has type t (any type
// for plumbing.AnyObject); ok is false when it is not held.
func (held *heldObjects) get(t plumbing.ObjectType, h plumbing.Hash) (data []byte, ok bool) {
	if held == nil {
		return nil, false
	}
	held.mu.Lock()
	defer held.mu.Unlock()
	o, ok := held.byID[h]
	if !ok || (t != plumbing.AnyObject && o.t != t) {
		return nil, false
	}
	return o.data, true
}
