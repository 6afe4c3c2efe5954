// Package attr reads git's attributes (.gitattributes, info/attributes,
// the system and global files) as git 2.39's attr.c does: the line syntax
// (C-quoted patterns, "name", "-name", "!name", "name=value"), macros
// ("[attr]name ...", the built-in "binary", only in the files git allows
// them), pattern matching (wildmatch, base-name patterns, the literal
// prefix of a path pattern compared first), and precedence (the deepest
// file and the last line win, info/attributes over all).
//
// Lookup answers the attributes of one path; the Cache re-reads a file
// only when its size or modification time changes, and a pinned copy
// (Pin) serves one operation, stating each file once and taking the
// contents the operation plans to write (Plan). A file that cannot be
// read is a *ReadError; callers give it its code.
package attr

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit/internal/wildmatch"
	"github.com/gitedit/gitedit/gitedit/internal/wtfs"
)

// ReadError is an attributes file that exists but cannot be stat'ed or
// read: What says which ("stat PATH", "read PATH"), Err why.
type ReadError struct {
	What string
	Err  error
}

// Error returns "WHAT: ERR".
func (e *ReadError) Error() string { return e.What + ": " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *ReadError) Unwrap() error { return e.Err }

// Pinned reports whether c is one operation's pinned copy.
func (c *Cache) Pinned() bool { return c.pinned != nil }

// State is the state of one attribute for a path.
type State int

const (
	Unknown     State = iota // no rule says anything
	Set                      // "name"
	Unset                    // "-name"
	Unspecified              // "!name"
	Valued                   // "name=value"
)

// Value is an attribute's state and, for Valued, its value.
type Value struct {
	State State
	Text  string
}

// Attrs maps attribute names to their resolved values for one path.
type Attrs map[string]Value

// assign is one "name", "-name", "!name" or "name=value" of a line.
type assign struct {
	name string
	val  Value
}

// entry is one line of an attributes file: a pattern (relative to the
// file's folder) and its assignments, or a macro definition.
type entry struct {
	pattern string
	mustDir bool // the pattern ended in "/": matches folders only
	noDir   bool // no "/" in the pattern: matches the base name
	macro   string
	assigns []assign
}

// file is the parsed content of one attributes file; base is its
// folder relative to the top of the working tree ("" for the top and for
// files outside the tree).
type file struct {
	base  string
	rules []entry
}

// builtin holds git's built-in macro definition.
var builtin = parseFile([]byte("[attr]binary -diff -merge -text\n"), "", true)

// parseFile parses an attributes file; macro definitions are kept
// only when allowMacro (the top-level, info and global files).
func parseFile(src []byte, base string, allowMacro bool) *file {
	f := &file{base: base}
	for _, line := range strings.Split(string(src), "\n") {
		if rule, ok := parseLine(strings.TrimRight(line, "\r"), allowMacro); ok {
			f.rules = append(f.rules, rule)
		}
	}
	return f
}

// parseLine parses one line; ok is false for blanks, comments,
// negative patterns and macros where they are not allowed.
func parseLine(line string, allowMacro bool) (entry, bool) {
	line = strings.TrimLeft(line, " \t")
	if line == "" || line[0] == '#' {
		return entry{}, false
	}
	pattern, rest := splitPattern(line)
	var rule entry
	if name, ok := strings.CutPrefix(pattern, "[attr]"); ok {
		if !allowMacro {
			return entry{}, false
		}
		rule.macro = name
	} else if pattern == "" || pattern[0] == '!' {
		return entry{}, false
	} else {
		rule.pattern, rule.mustDir = strings.CutSuffix(pattern, "/")
		rule.noDir = !strings.Contains(rule.pattern, "/")
	}
	for _, word := range strings.Fields(rest) {
		rule.assigns = append(rule.assigns, parseAssign(word))
	}
	return rule, true
}

// splitPattern splits a line into its pattern (C-quoted or up to the
// first blank) and the rest.
func splitPattern(line string) (pattern, rest string) {
	if line[0] == '"' {
		if p, n, ok := quote.UnquoteC(line); ok {
			return p, line[n:]
		}
	}
	i := strings.IndexAny(line, " \t")
	if i < 0 {
		return line, ""
	}
	return line[:i], line[i:]
}

// parseAssign parses "name", "-name", "!name" or "name=value".
func parseAssign(word string) assign {
	switch word[0] {
	case '-':
		return assign{name: word[1:], val: Value{State: Unset}}
	case '!':
		return assign{name: word[1:], val: Value{State: Unspecified}}
	}
	if name, value, ok := strings.Cut(word, "="); ok {
		return assign{name: name, val: Value{State: Valued, Text: value}}
	}
	return assign{name: word, val: Value{State: Set}}
}

// matches reports whether the rule's pattern matches the file rel (a
// repository-relative slash path below the rule's file's base folder).
func (rule *entry) matches(rel, base string) bool {
	if rule.macro != "" || rule.mustDir {
		return false
	}
	if rule.noDir {
		return wildmatch.Match(rule.pattern, rel[strings.LastIndexByte(rel, '/')+1:], false)
	}
	name := rel
	if base != "" {
		name = strings.TrimPrefix(rel, base+"/")
	}
	pat := strings.TrimPrefix(rule.pattern, "/")
	// git compares the literal prefix first and globs only the rest, so
	// "a**/b" globs "**/b", where "**" starts the pattern.
	prefix := len(pat)
	if i := strings.IndexAny(pat, "*?[\\"); i >= 0 {
		prefix = i
	}
	if !strings.HasPrefix(name, pat[:prefix]) {
		return false
	}
	return wildmatch.Match(pat[prefix:], name[prefix:], true)
}

// resolve resolves the attributes of rel over files (lowest
// precedence first) as git's attr.c does: walking from the highest
// precedence, the first assignment of a name wins, and a set macro
// assigns its own attributes at that point.
func resolve(rel string, files []*file) Attrs {
	macros := collectMacros(files)
	set := Attrs{}
	for i := len(files) - 1; i >= 0; i-- {
		f := files[i]
		for j := len(f.rules) - 1; j >= 0; j-- {
			if rule := &f.rules[j]; rule.matches(rel, f.base) {
				set.fill(rule.assigns, macros, 0)
			}
		}
	}
	return set
}

// collectMacros returns the macro definitions, the highest-precedence
// (last) definition of each name winning.
func collectMacros(files []*file) map[string][]assign {
	macros := map[string][]assign{}
	for _, f := range files {
		for _, rule := range f.rules {
			if rule.macro != "" {
				macros[rule.macro] = rule.assigns
			}
		}
	}
	return macros
}

// maxMacroDepth bounds macro expansion (a macro naming itself).
const maxMacroDepth = 20

// fill assigns the not yet assigned names of assigns, last first,
// expanding set macros.
func (s Attrs) fill(assigns []assign, macros map[string][]assign, depth int) {
	for i := len(assigns) - 1; i >= 0; i-- {
		a := assigns[i]
		if _, done := s[a.name]; done {
			continue
		}
		s[a.name] = a.val
		if def, ok := macros[a.name]; ok && a.val.State == Set && depth < maxMacroDepth {
			s.fill(def, macros, depth+1)
		}
	}
}

// Cache holds parsed attribute files, re-read when their size or
// modification time changes (a Repo may live long, as in `gitedit mcp`).
type Cache struct {
	mu    sync.Mutex
	files map[string]cachedFile
	// system and global are the system-wide and per-user attribute files
	// ("" when not read).
	system, global string
	// pinned, in the copy one operation uses (see Repo.forOperation),
	// remembers each file's verdict for the rest of the operation, so that
	// a batch of 1,000 files does not stat the same five attribute files
	// for each of them; nil in the Repo's own cache.
	pinned *pinnedFiles
	shared *Cache // the Repo's cache, when pinned
}

// pinnedFiles is one operation's memory of the attribute files it loaded.
type pinnedFiles struct {
	mu    sync.Mutex
	files map[string]*file // nil: no such file
	// stacks are the files that apply in each folder, by folder (see
	// Lookup), for the working tree and common directory in stackOf; a
	// plan or forget drops them.
	stacks  map[string][]*file
	stackOf [2]string
}

// stack returns the files remembered for folder dir of the given working
// tree and common directory.
func (p *pinnedFiles) stack(workTree, commonDir, dir string) ([]*file, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stackOf != [2]string{workTree, commonDir} {
		return nil, false
	}
	files, ok := p.stacks[dir]
	return files, ok
}

// remember records the files that apply in folder dir.
func (p *pinnedFiles) remember(workTree, commonDir, dir string, files []*file) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stacks == nil || p.stackOf != [2]string{workTree, commonDir} {
		p.stacks, p.stackOf = map[string][]*file{}, [2]string{workTree, commonDir}
	}
	p.stacks[dir] = files
}

// pin returns a cache that shares c's parsed files and, for the rest of
// one operation, stats each attribute file once.
func (c *Cache) Pin() *Cache {
	return &Cache{system: c.system, global: c.global, shared: c,
		pinned: &pinnedFiles{files: map[string]*file{}}}
}

// cachedFile is one parsed file with the stat data it was read at.
type cachedFile struct {
	mod  time.Time
	size int64
	file *file
}

// NewCache returns an empty cache reading the given system and
// global attribute files.
func NewCache(system, global string) *Cache {
	return &Cache{files: map[string]cachedFile{}, system: system, global: global}
}

// load returns the parsed attributes file at path (nil when it does not
// exist). In the working tree (inTree) a symlinked .gitattributes is
// ignored, as git does.
func (c *Cache) load(path, base string, allowMacro, inTree bool) (*file, error) {
	if path == "" {
		return nil, nil
	}
	if c.pinned == nil {
		return c.loadNow(path, base, allowMacro, inTree)
	}
	c.pinned.mu.Lock()
	f, ok := c.pinned.files[path]
	c.pinned.mu.Unlock()
	if ok {
		return f, nil
	}
	f, err := c.shared.loadNow(path, base, allowMacro, inTree)
	if err == nil {
		c.pinned.mu.Lock()
		c.pinned.files[path] = f
		c.pinned.mu.Unlock()
	}
	return f, err
}

// forget drops the operation's memory of the attribute files, after the
// operation wrote one of them.
func (c *Cache) Forget() {
	if c.pinned != nil {
		c.pinned.mu.Lock()
		c.pinned.files, c.pinned.stacks = map[string]*file{}, nil
		c.pinned.mu.Unlock()
	}
}

// plan makes the rest of the operation read the attribute file at path
// (of folder base) as content, or as absent when !exists: a batch judges
// the files it writes by the attributes it leaves. Only a pinned cache
// (one operation's) takes a plan; the Repo's own cache reads the disk.
func (c *Cache) Plan(path, base string, content []byte, exists bool) {
	if c.pinned == nil {
		return
	}
	var f *file
	if exists {
		f = parseFile(content, base, base == "")
	}
	c.pinned.mu.Lock()
	c.pinned.files[path], c.pinned.stacks = f, nil
	c.pinned.mu.Unlock()
}

// loadNow is load without the operation's memory.
func (c *Cache) loadNow(path, base string, allowMacro, inTree bool) (*file, error) {
	fi, err := os.Lstat(path)
	if err == nil && fi.Mode()&fs.ModeSymlink != 0 && !inTree {
		fi, err = os.Stat(path)
	}
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) || (err == nil && !fi.Mode().IsRegular()) {
		return nil, nil
	}
	if err != nil {
		return nil, &ReadError{What: "stat " + path, Err: err}
	}
	return c.parse(path, base, allowMacro, fi)
}

// parse returns the cached parse of path if fi still matches, else reads
// and parses it.
func (c *Cache) parse(path, base string, allowMacro bool, fi fs.FileInfo) (*file, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.files[path]; ok && e.mod.Equal(fi.ModTime()) && e.size == fi.Size() {
		return e.file, nil
	}
	src, err := wtfs.ReadFile(path)
	if err != nil {
		return nil, &ReadError{What: "read " + path, Err: err}
	}
	f := parseFile(src, base, allowMacro)
	c.files[path] = cachedFile{mod: fi.ModTime(), size: fi.Size(), file: f}
	return f, nil
}

// Lookup resolves the attributes of rel (a slash path relative to the top
// of workTree) from git's built-in macros, the system and global files,
// the .gitattributes of rel's ancestor folders (top first) and
// commonDir/info/attributes, in git's order of precedence.
func (c *Cache) Lookup(workTree, commonDir, rel string) (Attrs, error) {
	if c.pinned == nil {
		return c.lookup(workTree, commonDir, rel)
	}
	dir := ""
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		dir = rel[:i]
	}
	if files, ok := c.pinned.stack(workTree, commonDir, dir); ok {
		return resolve(rel, files), nil
	}
	files, err := c.stackFor(workTree, commonDir, rel)
	if err != nil {
		return nil, err
	}
	c.pinned.remember(workTree, commonDir, dir, files)
	return resolve(rel, files), nil
}

// lookup is Lookup without the operation's memory of folders.
func (c *Cache) lookup(workTree, commonDir, rel string) (Attrs, error) {
	files, err := c.stackFor(workTree, commonDir, rel)
	if err != nil {
		return nil, err
	}
	return resolve(rel, files), nil
}

// stackFor loads the attribute files that apply to rel, lowest
// precedence first.
func (c *Cache) stackFor(workTree, commonDir, rel string) ([]*file, error) {
	files := []*file{builtin}
	add := func(path, base string, macros, inTree bool) error {
		f, err := c.load(path, base, macros, inTree)
		if f != nil {
			files = append(files, f)
		}
		return err
	}
	if err := add(c.system, "", true, false); err != nil {
		return nil, err
	}
	if err := add(c.global, "", true, false); err != nil {
		return nil, err
	}
	for _, dir := range ancestorDirs(rel) {
		if err := add(filepath.Join(workTree, filepath.FromSlash(dir), ".gitattributes"), dir, dir == "", true); err != nil {
			return nil, err
		}
	}
	if err := add(filepath.Join(commonDir, "info", "attributes"), "", true, false); err != nil {
		return nil, err
	}
	return files, nil
}

// ancestorDirs returns the folders above rel, top first: "" then "a",
// "a/b" for "a/b/c.txt".
func ancestorDirs(rel string) []string {
	dirs := []string{""}
	for i := 0; i < len(rel); i++ {
		if rel[i] == '/' {
			dirs = append(dirs, rel[:i])
		}
	}
	return dirs
}
