// Package objects writes blobs, trees and commits to the object database,
// rewriting only the trees along the changed paths.
package objects

import (
	"bytes"
	"fmt"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
)

// EmptyTree is the id of the tree with no entries,
// 4b825dc642cb6eb9a060e54bf8d69288fbee4904, written as bytes: static data,
// where plumbing.NewHash would decode it when the program starts.
var EmptyTree = plumbing.Hash{
	0x4b, 0x82, 0x5d, 0xc6, 0x42, 0xcb, 0x6e, 0xb9, 0xa0, 0x60,
	0xe5, 0x4b, 0xf8, 0xd6, 0x92, 0x88, 0xfb, 0xee, 0x49, 0x04,
}

// HashBlob returns the blob id of data, as git hash-object prints it,
// without writing anything.
func HashBlob(data []byte) plumbing.Hash {
	return plumbing.ComputeHash(plumbing.BlobObject, data)
}

// WriteBlob stores data as a blob and returns its id. An object already in
// the database is not written again.
func WriteBlob(db *DB, data []byte) (plumbing.Hash, error) {
	return db.Write(plumbing.BlobObject, data)
}

// WriteBlobAs is WriteBlob for a blob whose id the caller has just
// computed from these very bytes (HashBlob(data)), which are not hashed
// again: a batch hashes each new file once to plan it (the result, the
// trailers, the index entry) and stores it afterwards.
func WriteBlobAs(db *DB, data []byte, id plumbing.Hash) error {
	return db.writeAs(id, plumbing.BlobObject, data)
}

// Commit is the content of a commit object.
type Commit struct {
	Tree    plumbing.Hash
	Parents []plumbing.Hash
	// Author and Committer are "Name <email> 1700000000 +0100".
	Author, Committer string
	// Encoding, when set, is written as the "encoding" header (git's
	// i18n.commitEncoding when it is not UTF-8).
	Encoding string
	Message  string
	// Sign, when set, returns the signature of the encoded commit; it is
	// inserted as headers by Header (see WriteCommit).
	Sign func(payload []byte) ([]byte, error)
	// Header inserts a signature into the encoded commit.
	Header func(commit, sig []byte) []byte
}

// Encode returns the commit object's content as git writes it: tree,
// parents, author and committer lines, a blank line, and the message
// verbatim with a final newline added when it lacks one. Without an
// Encoding (UTF-8), bytes that are not UTF-8, in the identities or the
// message, are taken as Latin-1 and converted (FixUTF8), as git's
// commit_tree_extended does.
func (c Commit) Encode() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "tree %s\n", c.Tree)
	for _, p := range c.Parents {
		fmt.Fprintf(&b, "parent %s\n", p)
	}
	fmt.Fprintf(&b, "author %s\ncommitter %s\n", c.Author, c.Committer)
	if c.Encoding != "" {
		fmt.Fprintf(&b, "encoding %s\n", c.Encoding)
	}
	fmt.Fprintf(&b, "\n%s", c.Message)
	if c.Message == "" || c.Message[len(c.Message)-1] != '\n' {
		b.WriteByte('\n')
	}
	if c.Encoding == "" {
		return FixUTF8(b.Bytes())
	}
	return b.Bytes()
}

// WriteCommit stores c and returns its id. It refuses a commit without a
// tree or with an author or committer line holding a newline. With
// c.Sign set, the encoded commit is signed and c.Header inserts the
// signature before it is stored; a signing error is returned as is and
// nothing is written.
func WriteCommit(db *DB, c Commit) (plumbing.Hash, error) {
	if c.Tree.IsZero() {
		return plumbing.ZeroHash, fmt.Errorf("write commit: no tree")
	}
	for _, id := range []string{c.Author, c.Committer} {
		if id == "" || bytes.ContainsAny([]byte(id), "\n\x00") {
			return plumbing.ZeroHash, fmt.Errorf("write commit: invalid identity %q", id)
		}
	}
	data := c.Encode()
	if c.Sign != nil {
		sig, err := c.Sign(data)
		if err != nil {
			return plumbing.ZeroHash, err
		}
		data = c.Header(data, sig)
	}
	return db.Write(plumbing.CommitObject, data)
}

// CommitTree returns the tree id of commit h, read from db (loose or
// packed, without decoding the rest of the commit).
func CommitTree(db *DB, h plumbing.Hash) (plumbing.Hash, error) {
	data, err := db.Read(plumbing.CommitObject, h)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	hex, ok := bytes.CutPrefix(data, []byte("tree "))
	if !ok || len(hex) < 41 || hex[40] != '\n' {
		return plumbing.ZeroHash, fmt.Errorf("read commit %s: no tree line", h)
	}
	if !plumbing.IsHash(string(hex[:40])) {
		return plumbing.ZeroHash, fmt.Errorf("read commit %s: bad tree id %q", h, hex[:40])
	}
	return plumbing.NewHash(string(hex[:40])), nil
}

// modeString is the octal mode as git writes it in a tree ("40000" for a
// tree, "100644" for a file).
func modeString(m filemode.FileMode) string {
	return fmt.Sprintf("%o", uint32(m))
}
