package objects

import (
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// maxAlternateDepth is how deep alternates of alternates are followed:
// git's link_alt_odb_entries ignores the alternates file of an object
// folder reached through more than five others.
const maxAlternateDepth = 5

// alternate is one object folder named by objects/info/alternates
// (directly or through another alternate); its packs are opened on first
// use.
type alternate struct {
	dir   string
	once  sync.Once
	packs *Packs
	err   error // why the packs could not be opened
}

// openPacks returns the alternate's packs, opened once.
func (a *alternate) openPacks() (*Packs, error) {
	a.once.Do(func() { a.packs, a.err = OpenPacks(a.dir) })
	return a.packs, a.err
}

// alternateDirs lists the alternate object folders of the objects folder
// dir in git's order (read_info_alternates): each entry of
// dir/info/alternates, then its own alternates, depth first. Entries that
// are not folders, the folder itself and repeats are skipped, as git's
// alt_odb_usable does.
func alternateDirs(dir string) []string {
	self, err := filepath.Abs(dir)
	if err != nil {
		return nil
	}
	seen := map[string]bool{filepath.Clean(self): true}
	var dirs []string
	var link func(base string, depth int)
	link = func(base string, depth int) {
		data, err := wtfs.ReadFile(filepath.Join(base, "info", "alternates"))
		if err != nil || len(data) == 0 || depth > maxAlternateDepth {
			return
		}
		for _, entry := range parseAlternates(string(data)) {
			alt, ok := alternatePath(base, entry)
			if !ok || seen[alt] || !isDir(alt) {
				continue
			}
			seen[alt] = true
			dirs = append(dirs, alt)
			link(alt, depth+1)
		}
	}
	link(self, 0)
	return dirs
}

// parseAlternates splits an alternates file as git's parse_alt_odb_entry
// does: one entry a line, taken verbatim (no trimming); a line starting
// with '#' is a comment; one starting with a double quote is C-unquoted
// (broken quoting falls back to the line as written), and the byte after
// the closing quote is skipped as a separator; empty entries are dropped.
func parseAlternates(s string) []string {
	var out []string
	for s != "" {
		var entry string
		end := strings.IndexByte(s, '\n')
		if end < 0 {
			end = len(s)
		}
		switch {
		case s[0] == '#':
		case s[0] == '"':
			if q, n, ok := quote.UnquoteC(s); ok {
				entry, end = q, n
				break
			}
			entry = s[:end]
		default:
			entry = s[:end]
		}
		if end < len(s) {
			end++
		}
		s = s[end:]
		if entry != "" {
			out = append(out, entry)
		}
	}
	return out
}

// alternatePath is entry as a clean folder path: a relative entry is
// taken from base with its symbolic links resolved (git's
// strbuf_realpath of the relative base).
func alternatePath(base, entry string) (string, bool) {
	if !filepath.IsAbs(entry) {
		real, err := filepath.EvalSymlinks(base)
		if err != nil {
			return "", false
		}
		entry = real + "/" + entry
	}
	return filepath.Clean(entry), true
}

// isDir reports whether path is a folder (following symbolic links).
func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}
