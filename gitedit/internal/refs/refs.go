// Package refs reads and moves git references the way git does: loose refs
// and packed-refs, a "<ref>.lock" per update, a compare-and-swap against the
// expected old value, and reflog entries.
package refs

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/gitedit/internal/sharedperm"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// ErrStale is wrapped when a ref no longer has the value an update expected.
var ErrStale = errors.New("reference changed since it was read")

// ErrHeadMoved is wrapped when an update of the branch HEAD pointed at
// (Update.OnHead) finds HEAD switched to another branch or detached.
var ErrHeadMoved = errors.New("HEAD no longer points at the branch")

// ErrSymbolic reports a ref to move that is itself a symbolic ref (HEAD
// aside): git would follow the chain, gitedit refuses to move it.
var ErrSymbolic = errors.New("moving a symbolic ref other than HEAD is not supported")

// maxSymrefDepth bounds the chain of symbolic refs Resolve follows, as git
// does.
const maxSymrefDepth = 5

// Store reads and writes the refs of one (possibly linked) worktree.
type Store struct {
	// GitDir is the worktree's own git directory (HEAD, logs/HEAD, index).
	GitDir string
	// CommonDir holds refs/, packed-refs and logs/refs (equal to GitDir
	// outside linked worktrees).
	CommonDir string
	// LogAllRefUpdates is core.logAllRefUpdates: "" or "true" (git's
	// default in a repository with a working tree) creates missing reflogs
	// for HEAD, refs/heads/, refs/remotes/ and refs/notes/; "always"
	// creates them for every ref; "false" only appends to reflogs that
	// already exist.
	LogAllRefUpdates string
	// Sync, when set, makes a written ref and reflog durable before the
	// ref is renamed into place (git's core.fsync "reference" component);
	// nil writes them without a sync, as git does by default.
	Sync func(*os.File) error
	// SyncFolder also fsyncs the ref's folder after the rename (with Sync
	// set and a method that flushes the device).
	SyncFolder bool
	// Shared gives new refs and their folders the permissions
	// core.sharedRepository asks for (zero: the umask's).
	Shared sharedperm.Mode
}

// Head is the state of HEAD.
type Head struct {
	// Ref is the branch HEAD points to ("refs/heads/main"), or "" when HEAD
	// is detached.
	Ref string
	// Commit is the commit HEAD resolves to; zero on an unborn branch.
	Commit plumbing.Hash
}

// ReadHead reads HEAD.
func (s *Store) ReadHead() (Head, error) {
	v, err := s.readLoose("HEAD")
	if err != nil {
		return Head{}, err
	}
	if !v.exists {
		return Head{}, fmt.Errorf("read HEAD: %s has no HEAD", s.GitDir)
	}
	if v.symref == "" {
		return Head{Commit: v.hash}, nil
	}
	h, err := s.Resolve(v.symref)
	if err != nil {
		return Head{}, err
	}
	return Head{Ref: v.symref, Commit: h}, nil
}

// Resolve returns the value of a full ref name ("refs/heads/x", "HEAD"),
// following symbolic refs; zero with a nil error when it does not exist.
// Loose refs win over packed-refs, as in git.
func (s *Store) Resolve(name string) (plumbing.Hash, error) {
	for range maxSymrefDepth {
		v, err := s.read(name)
		if err != nil || v.symref == "" {
			return v.hash, err
		}
		name = v.symref
	}
	return plumbing.ZeroHash, fmt.Errorf("resolve %s: symbolic refs nested too deeply", name)
}

// value is the content of one ref, not followed.
type value struct {
	exists bool
	symref string // target of a symbolic ref ("ref: refs/heads/main")
	hash   plumbing.Hash
}

// read returns the value of name: the loose ref, else the packed one.
func (s *Store) read(name string) (value, error) {
	if err := checkName(name); err != nil {
		return value{}, err
	}
	v, err := s.readLoose(name)
	if err != nil || v.exists || !strings.HasPrefix(name, "refs/") {
		return v, err
	}
	return s.readPacked(name)
}

// readLoose reads the loose file of name; a missing file (or a folder in
// its place) is a ref that does not exist.
func (s *Store) readLoose(name string) (value, error) {
	data, err := wtfs.ReadFile(s.refPath(name))
	if errors.Is(err, fs.ErrNotExist) || isDirErr(err) {
		return value{}, nil
	}
	if err != nil {
		return value{}, fmt.Errorf("read ref %s: %w", name, err)
	}
	return parseValue(name, data)
}

// isDirErr reports whether err is reading a folder as a file.
func isDirErr(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) && strings.Contains(pe.Err.Error(), "is a directory")
}

// parseValue decodes a loose ref file: "ref: <target>" or an object id.
func parseValue(name string, data []byte) (value, error) {
	text := strings.TrimRight(string(data), "\n\r\t ")
	if target, ok := strings.CutPrefix(text, "ref:"); ok {
		return value{exists: true, symref: strings.TrimSpace(target)}, nil
	}
	h, err := parseHash(text)
	if err != nil {
		return value{}, fmt.Errorf("read ref %s: %w", name, err)
	}
	return value{exists: true, hash: h}, nil
}

// parseHash parses a 40-digit hex object id.
func parseHash(text string) (plumbing.Hash, error) {
	if len(text) != 40 || !plumbing.IsHash(text) {
		return plumbing.ZeroHash, fmt.Errorf("invalid object id %q", text)
	}
	return plumbing.NewHash(text), nil
}

// readPacked looks name up in <CommonDir>/packed-refs (comment and peeled
// "^" lines are skipped).
func (s *Store) readPacked(name string) (value, error) {
	suffix := []byte(" " + name)
	var v value
	var bad error
	err := s.eachPacked(func(line []byte) bool {
		if !bytes.HasSuffix(line, suffix) {
			return false
		}
		h, err := parseHash(string(line[:len(line)-len(suffix)]))
		if err != nil {
			bad = fmt.Errorf("read packed-refs entry %s: %w", name, err)
		}
		v = value{exists: err == nil, hash: h}
		return true
	})
	if err == nil {
		err = bad
	}
	return v, err
}

// perWorktree reports whether name lives in the worktree's own git
// directory: HEAD and the other pseudo-refs, refs/bisect/, refs/worktree/
// and refs/rewritten/.
func perWorktree(name string) bool {
	if !strings.HasPrefix(name, "refs/") {
		return true
	}
	for _, p := range []string{"refs/bisect/", "refs/worktree/", "refs/rewritten/"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// baseDir is the git directory holding name and its reflog.
func (s *Store) baseDir(name string) string {
	if perWorktree(name) {
		return s.GitDir
	}
	return s.CommonDir
}

// refPath is the loose file of name.
func (s *Store) refPath(name string) string {
	return filepath.Join(s.baseDir(name), filepath.FromSlash(name))
}

// logPath is the reflog file of name.
func (s *Store) logPath(name string) string {
	return filepath.Join(s.baseDir(name), "logs", filepath.FromSlash(name))
}

// checkName refuses names that are not "HEAD"-like pseudo-refs or full
// "refs/..." names, or that git check-ref-format would reject.
func checkName(name string) error {
	bad := name == "" || strings.HasPrefix(name, "/") || strings.HasSuffix(name, "/") ||
		strings.HasSuffix(name, ".lock") || strings.HasSuffix(name, ".") ||
		strings.Contains(name, "..") || strings.Contains(name, "//") || strings.Contains(name, "@{") ||
		strings.ContainsAny(name, " ~^:?*[\\\x7f") || strings.Contains(name, "/.")
	for _, r := range name {
		bad = bad || r < 0x20
	}
	if !bad && !strings.HasPrefix(name, "refs/") {
		bad = strings.Contains(name, "/") || strings.ToUpper(name) != name
	}
	if bad {
		return fmt.Errorf("invalid ref name %q", name)
	}
	return nil
}
