package gitedit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/gitedit/internal/gitconfig"
	"github.com/gitedit/gitedit/gitedit/internal/wildmatch"
)

// crlfAction is what git does with line endings when a file is added; the
// names follow git's convert.c.
type crlfAction int

const (
	crlfUndefined crlfAction = iota
	crlfBinary               // -text, binary, autocrlf=false: stored as is
	crlfText                 // text: CRLF → LF
	crlfTextInput            // text with eol=lf or autocrlf=input
	crlfTextCRLF             // text with eol=crlf
	crlfAuto                 // text=auto: CRLF → LF when the content is text
	crlfAutoInput            // text=auto eol=lf, or autocrlf=input
	crlfAutoCRLF             // text=auto eol=crlf, or autocrlf=true
)

// isAuto reports whether git guesses text or binary for this action.
func (a crlfAction) isAuto() bool {
	return a == crlfAuto || a == crlfAutoInput || a == crlfAutoCRLF
}

// toGit converts working-tree content of rel into the content
// `git hash-object rel` hashes: line endings converted as core.autocrlf
// and the text/crlf/eol attributes say. It refuses with unsupported when
// a filter (clean/smudge, LFS), working-tree-encoding or ident applies.
// Unlike `git add`, it does not look at the index (see toGitForIndex).
func (r *Repo) toGit(rel string, content []byte) ([]byte, error) {
	return r.convertToGit(rel, content, nil)
}

// toGitForIndex is toGit as `git add` does it: under text=auto or
// core.autocrlf, a file whose index blob (indexBlob; zero when the path is
// not in the index) is text already holding CRLF is stored unconverted.
func (r *Repo) toGitForIndex(rel string, content []byte, indexBlob plumbing.Hash) ([]byte, error) {
	return r.convertToGit(rel, content, func() bool { return r.blobHasCRLF(indexBlob) })
}

// hashFile returns the blob id `git hash-object rel` prints for content.
func (r *Repo) hashFile(rel string, content []byte) (plumbing.Hash, error) {
	data, err := r.toGit(rel, content)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	return plumbing.ComputeHash(plumbing.BlobObject, data), nil
}

// convertToGit applies the conversion of rel to content; indexHasCRLF
// (nil: never) tells whether the index copy already has CRLF.
func (r *Repo) convertToGit(rel string, content []byte, indexHasCRLF func() bool) ([]byte, error) {
	action, err := r.crlfActionFor(rel)
	if err != nil {
		return nil, err
	}
	return crlfToGit(content, action, indexHasCRLF), nil
}

// crlfActionFor decides the line-ending action for rel from its attributes
// and core.autocrlf, as git's convert_attrs does, refusing the attributes
// gitedit cannot apply.
func (r *Repo) crlfActionFor(rel string) (crlfAction, error) {
	a, err := r.attributes(rel)
	if err != nil {
		return crlfUndefined, err
	}
	if err := checkUnsupportedAttrs(rel, a); err != nil {
		return crlfUndefined, err
	}
	auto, err := r.autoCRLF()
	if err != nil {
		return crlfUndefined, err
	}
	return decideCRLF(a, auto), nil
}

// checkUnsupportedAttrs refuses filter=<driver>, working-tree-encoding=<x>
// and ident: gitedit cannot reproduce what git add would store.
func checkUnsupportedAttrs(rel string, a attrSet) error {
	for _, name := range []string{"filter", "working-tree-encoding"} {
		if v := a[name]; v.state == attrValueSet {
			return &Error{Code: CodeUnsupported, FilePath: rel,
				Message: fmt.Sprintf("attribute %s=%s applies (clean/smudge conversions are not supported)", name, v.value)}
		}
	}
	if a["ident"].state == attrSetTrue {
		return &Error{Code: CodeUnsupported, FilePath: rel, Message: "attribute ident applies ($Id$ expansion is not supported)"}
	}
	return nil
}

// autoCRLF returns core.autocrlf: "true", "input" or "false".
func (r *Repo) autoCRLF() (string, error) {
	v, ok := r.config.Last("core.autocrlf")
	if !ok {
		return "false", nil
	}
	if strings.EqualFold(v.Text, "input") {
		return "input", nil
	}
	b, err := gitconfig.ParseBool(v)
	if err != nil {
		return "", errorf(CodeInvalidInput, "config core.autocrlf: %v", err)
	}
	return fmt.Sprint(b), nil
}

// decideCRLF is git's convert_attrs for the check-in direction: text (or
// the old crlf) attribute, then eol, then core.autocrlf.
func decideCRLF(a attrSet, autocrlf string) crlfAction {
	action := textAttr(a["text"])
	if action == crlfUndefined {
		action = textAttr(a["crlf"])
	}
	if action != crlfBinary {
		action = applyEOL(action, a["eol"])
	}
	if action != crlfUndefined {
		return action
	}
	switch autocrlf {
	case "true":
		return crlfAutoCRLF
	case "input":
		return crlfAutoInput
	}
	return crlfBinary
}

// textAttr maps the text (or crlf) attribute to an action.
func textAttr(v attrValue) crlfAction {
	switch {
	case v.state == attrSetTrue:
		return crlfText
	case v.state == attrSetFalse:
		return crlfBinary
	case v.state == attrValueSet && v.value == "input":
		return crlfTextInput
	case v.state == attrValueSet && v.value == "auto":
		return crlfAuto
	}
	return crlfUndefined
}

// applyEOL refines action with the eol attribute (eol alone implies text).
func applyEOL(action crlfAction, eol attrValue) crlfAction {
	if eol.state != attrValueSet || (eol.value != "lf" && eol.value != "crlf") {
		return action
	}
	switch {
	case action == crlfAuto && eol.value == "lf":
		return crlfAutoInput
	case action == crlfAuto:
		return crlfAutoCRLF
	case eol.value == "lf":
		return crlfTextInput
	}
	return crlfTextCRLF
}

// crlfToGit is git's crlf_to_git: CRLF becomes LF unless the action is
// binary, the content has no CRLF, or (auto actions) the content looks
// binary or the index copy already has CRLF.
func crlfToGit(src []byte, action crlfAction, indexHasCRLF func() bool) []byte {
	if action == crlfBinary || action == crlfUndefined || !bytes.Contains(src, []byte("\r\n")) {
		return src
	}
	if action.isAuto() && (gatherStats(src).isBinary() || (indexHasCRLF != nil && indexHasCRLF())) {
		return src
	}
	return dropCRBeforeLF(src)
}

// dropCRBeforeLF returns src with every "\r\n" turned into "\n".
func dropCRBeforeLF(src []byte) []byte {
	out := make([]byte, 0, len(src))
	for {
		i := bytes.Index(src, []byte("\r\n"))
		if i < 0 {
			return append(out, src...)
		}
		out = append(out, src[:i]...)
		src = src[i+1:]
	}
}

// textStats counts what git's gather_stats counts.
type textStats struct {
	nul, loneCR, loneLF, crlf, printable, nonPrintable int
}

// byteClass classifies the bytes other than CR and LF for gatherStats.
type byteClass uint8

const (
	classPrintable byteClass = iota
	classNonPrintable
	classNUL
	classCR
	classLF
)

// byteClasses is git's gather_stats classification: DEL and control
// characters other than BS, HT, ESC and FF are non-printable.
var byteClasses = func() (t [256]byteClass) {
	for c := range 32 {
		t[c] = classNonPrintable
	}
	for _, c := range []byte{'\b', '\t', 033, 014} {
		t[c] = classPrintable
	}
	t[0], t['\r'], t['\n'], t[127] = classNUL, classCR, classLF, classNonPrintable
	return t
}()

// gatherStats is git's gather_stats over the whole content.
func gatherStats(buf []byte) textStats {
	var s textStats
	for i := 0; i < len(buf); i++ {
		switch byteClasses[buf[i]] {
		case classPrintable:
			s.printable++
		case classNonPrintable:
			s.nonPrintable++
		case classNUL:
			s.nul++
			s.nonPrintable++
		case classLF:
			s.loneLF++
		case classCR:
			if i+1 < len(buf) && buf[i+1] == '\n' {
				s.crlf++
				i++
			} else {
				s.loneCR++
			}
		}
	}
	if len(buf) > 0 && buf[len(buf)-1] == 032 { // a final ^Z (DOS EOF) is not counted
		s.nonPrintable--
	}
	return s
}

// isBinary is git's convert_is_binary: a lone CR, a NUL, or more than one
// non-printable byte per 128 printable ones.
func (s textStats) isBinary() bool {
	return s.loneCR > 0 || s.nul > 0 || (s.printable>>7) < s.nonPrintable
}

// blobHasCRLF is git's has_crlf_in_index for the blob id: a text blob
// holding at least one CRLF. A zero or unreadable id counts as false.
func (r *Repo) blobHasCRLF(id plumbing.Hash) bool {
	if id.IsZero() {
		return false
	}
	obj, err := r.objects.EncodedObject(plumbing.BlobObject, id)
	if err != nil {
		return false
	}
	rd, err := obj.Reader()
	if err != nil {
		return false
	}
	defer rd.Close()
	data, err := io.ReadAll(rd)
	if err != nil || bytes.IndexByte(data, '\r') < 0 {
		return false
	}
	st := gatherStats(data)
	return !st.isBinary() && st.crlf > 0
}

// attrState is the state of one attribute for a path.
type attrState int

const (
	attrUnknown     attrState = iota // no rule says anything
	attrSetTrue                      // "name"
	attrSetFalse                     // "-name"
	attrUnspecified                  // "!name"
	attrValueSet                     // "name=value"
)

// attrValue is an attribute's state and, for attrValueSet, its value.
type attrValue struct {
	state attrState
	value string
}

// attrSet maps attribute names to their resolved values for one path.
type attrSet map[string]attrValue

// attrAssign is one "name", "-name", "!name" or "name=value" of a line.
type attrAssign struct {
	name string
	val  attrValue
}

// attrRule is one line of an attributes file: a pattern (relative to the
// file's folder) and its assignments, or a macro definition.
type attrRule struct {
	pattern string
	mustDir bool // the pattern ended in "/": matches folders only
	noDir   bool // no "/" in the pattern: matches the base name
	macro   string
	assigns []attrAssign
}

// attrFile is the parsed content of one attributes file; base is its
// folder relative to the top of the working tree ("" for the top and for
// files outside the tree).
type attrFile struct {
	base  string
	rules []attrRule
}

// builtinAttrs holds git's built-in macro definition.
var builtinAttrs = parseAttrFile([]byte("[attr]binary -diff -merge -text\n"), "", true)

// parseAttrFile parses an attributes file; macro definitions are kept
// only when allowMacro (the top-level, info and global files).
func parseAttrFile(src []byte, base string, allowMacro bool) *attrFile {
	f := &attrFile{base: base}
	for _, line := range strings.Split(string(src), "\n") {
		if rule, ok := parseAttrLine(strings.TrimRight(line, "\r"), allowMacro); ok {
			f.rules = append(f.rules, rule)
		}
	}
	return f
}

// parseAttrLine parses one line; ok is false for blanks, comments,
// negative patterns and macros where they are not allowed.
func parseAttrLine(line string, allowMacro bool) (attrRule, bool) {
	line = strings.TrimLeft(line, " \t")
	if line == "" || line[0] == '#' {
		return attrRule{}, false
	}
	pattern, rest := splitAttrPattern(line)
	var rule attrRule
	if name, ok := strings.CutPrefix(pattern, "[attr]"); ok {
		if !allowMacro {
			return attrRule{}, false
		}
		rule.macro = name
	} else if pattern == "" || pattern[0] == '!' {
		return attrRule{}, false
	} else {
		rule.pattern, rule.mustDir = strings.CutSuffix(pattern, "/")
		rule.noDir = !strings.Contains(rule.pattern, "/")
	}
	for _, word := range strings.Fields(rest) {
		rule.assigns = append(rule.assigns, parseAttrAssign(word))
	}
	return rule, true
}

// splitAttrPattern splits a line into its pattern (C-quoted or up to the
// first blank) and the rest.
func splitAttrPattern(line string) (pattern, rest string) {
	if line[0] == '"' {
		if p, n, ok := engine.UnquoteC(line); ok {
			return p, line[n:]
		}
	}
	i := strings.IndexAny(line, " \t")
	if i < 0 {
		return line, ""
	}
	return line[:i], line[i:]
}

// parseAttrAssign parses "name", "-name", "!name" or "name=value".
func parseAttrAssign(word string) attrAssign {
	switch word[0] {
	case '-':
		return attrAssign{name: word[1:], val: attrValue{state: attrSetFalse}}
	case '!':
		return attrAssign{name: word[1:], val: attrValue{state: attrUnspecified}}
	}
	if name, value, ok := strings.Cut(word, "="); ok {
		return attrAssign{name: name, val: attrValue{state: attrValueSet, value: value}}
	}
	return attrAssign{name: word, val: attrValue{state: attrSetTrue}}
}

// matches reports whether the rule's pattern matches the file rel (a
// repository-relative slash path below the rule's file's base folder).
func (rule *attrRule) matches(rel, base string) bool {
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

// resolveAttrs resolves the attributes of rel over files (lowest
// precedence first) as git's attr.c does: walking from the highest
// precedence, the first assignment of a name wins, and a set macro
// assigns its own attributes at that point.
func resolveAttrs(rel string, files []*attrFile) attrSet {
	macros := collectMacros(files)
	set := attrSet{}
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
func collectMacros(files []*attrFile) map[string][]attrAssign {
	macros := map[string][]attrAssign{}
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
func (s attrSet) fill(assigns []attrAssign, macros map[string][]attrAssign, depth int) {
	for i := len(assigns) - 1; i >= 0; i-- {
		a := assigns[i]
		if _, done := s[a.name]; done {
			continue
		}
		s[a.name] = a.val
		if def, ok := macros[a.name]; ok && a.val.state == attrSetTrue && depth < maxMacroDepth {
			s.fill(def, macros, depth+1)
		}
	}
}

// attrCache holds parsed attribute files, re-read when their size or
// modification time changes (a Repo may live long, as in `gitedit mcp`).
type attrCache struct {
	mu    sync.Mutex
	files map[string]cachedAttrFile
	// system and global are the system-wide and per-user attribute files
	// ("" when not read).
	system, global string
	// pinned, in the copy one operation uses (see Repo.forOperation),
	// remembers each file's verdict for the rest of the operation, so that
	// a batch of 1,000 files does not stat the same five attribute files
	// for each of them; nil in the Repo's own cache.
	pinned *pinnedAttrs
	shared *attrCache // the Repo's cache, when pinned
}

// pinnedAttrs is one operation's memory of the attribute files it loaded.
type pinnedAttrs struct {
	mu    sync.Mutex
	files map[string]*attrFile // nil: no such file
}

// pin returns a cache that shares c's parsed files and, for the rest of
// one operation, stats each attribute file once.
func (c *attrCache) pin() *attrCache {
	return &attrCache{system: c.system, global: c.global, shared: c,
		pinned: &pinnedAttrs{files: map[string]*attrFile{}}}
}

// cachedAttrFile is one parsed file with the stat data it was read at.
type cachedAttrFile struct {
	mod  time.Time
	size int64
	file *attrFile
}

// newAttrCache returns an empty cache reading the given system and
// global attribute files.
func newAttrCache(system, global string) *attrCache {
	return &attrCache{files: map[string]cachedAttrFile{}, system: system, global: global}
}

// attrFilePaths returns the system attributes file (/etc/gitattributes
// unless GIT_ATTR_NOSYSTEM) and the global one (core.attributesFile, else
// $XDG_CONFIG_HOME/git/attributes or ~/.config/git/attributes).
func attrFilePaths(cfg *gitconfig.Config, env func(string) (string, bool)) (system, global string) {
	if v, _ := env("GIT_ATTR_NOSYSTEM"); !gitconfig.IsTrue(v) {
		system = "/etc/gitattributes"
	}
	if v, ok := cfg.Get("core.attributesFile"); ok && v != "" {
		return system, gitconfig.ExpandHome(v, env)
	}
	home, _ := env("HOME")
	if xdg, _ := env("XDG_CONFIG_HOME"); xdg != "" {
		return system, filepath.Join(xdg, "git", "attributes")
	}
	if home != "" {
		global = filepath.Join(home, ".config", "git", "attributes")
	}
	return system, global
}

// load returns the parsed attributes file at path (nil when it does not
// exist). In the working tree (inTree) a symlinked .gitattributes is
// ignored, as git does.
func (c *attrCache) load(path, base string, allowMacro, inTree bool) (*attrFile, error) {
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
func (c *attrCache) forget() {
	if c.pinned != nil {
		c.pinned.mu.Lock()
		c.pinned.files = map[string]*attrFile{}
		c.pinned.mu.Unlock()
	}
}

// plan makes the rest of the operation read the attribute file at path
// (of folder base) as content, or as absent when !exists: a batch judges
// the files it writes by the attributes it leaves. Only a pinned cache
// (one operation's) takes a plan; the Repo's own cache reads the disk.
func (c *attrCache) plan(path, base string, content []byte, exists bool) {
	if c.pinned == nil {
		return
	}
	var f *attrFile
	if exists {
		f = parseAttrFile(content, base, base == "")
	}
	c.pinned.mu.Lock()
	c.pinned.files[path] = f
	c.pinned.mu.Unlock()
}

// loadNow is load without the operation's memory.
func (c *attrCache) loadNow(path, base string, allowMacro, inTree bool) (*attrFile, error) {
	fi, err := os.Lstat(path)
	if err == nil && fi.Mode()&fs.ModeSymlink != 0 && !inTree {
		fi, err = os.Stat(path)
	}
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) || (err == nil && !fi.Mode().IsRegular()) {
		return nil, nil
	}
	if err != nil {
		return nil, ioError("stat "+path, err)
	}
	return c.parse(path, base, allowMacro, fi)
}

// parse returns the cached parse of path if fi still matches, else reads
// and parses it.
func (c *attrCache) parse(path, base string, allowMacro bool, fi fs.FileInfo) (*attrFile, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.files[path]; ok && e.mod.Equal(fi.ModTime()) && e.size == fi.Size() {
		return e.file, nil
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, ioError("read "+path, err)
	}
	f := parseAttrFile(src, base, allowMacro)
	c.files[path] = cachedAttrFile{mod: fi.ModTime(), size: fi.Size(), file: f}
	return f, nil
}

// attributes resolves the attributes of rel from the system and global
// files, the .gitattributes of rel's ancestor folders (top first) and
// $GIT_COMMON_DIR/info/attributes, in git's order of precedence.
func (r *Repo) attributes(rel string) (attrSet, error) {
	files := []*attrFile{builtinAttrs}
	add := func(path, base string, macros, inTree bool) error {
		f, err := r.attrs.load(path, base, macros, inTree)
		if f != nil {
			files = append(files, f)
		}
		return err
	}
	if err := add(r.attrs.system, "", true, false); err != nil {
		return nil, err
	}
	if err := add(r.attrs.global, "", true, false); err != nil {
		return nil, err
	}
	for _, dir := range ancestorDirs(rel) {
		if err := add(filepath.Join(r.workTree, filepath.FromSlash(dir), ".gitattributes"), dir, dir == "", true); err != nil {
			return nil, err
		}
	}
	if err := add(filepath.Join(r.commonDir, "info", "attributes"), "", true, false); err != nil {
		return nil, err
	}
	return resolveAttrs(rel, files), nil
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
