// Package gitconfig reads git's configuration as git 2.39 does: the config
// file syntax (config.c), include.path and includeIf (gitdir:, gitdir/i:,
// onbranch:, hasconfig:remote.*.url:), the files git reads in its order
// (system, global, repository, worktree) and the environment's
// GIT_CONFIG_COUNT/KEY_n/VALUE_n and GIT_CONFIG_PARAMETERS, merged into one
// Config looked up as git compares keys.
//
// Values stay strings; typed reads (Bool, ParseBool, ExpandHome) follow
// git's rules. Errors are plain: a value or environment variable git would
// refuse is an *InvalidError (errors.Is(err, ErrInvalid)), a syntax error
// names the file and line, an unreadable file wraps the fs error. Callers
// give them their codes.
package gitconfig

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/wtfs"

	"github.com/gitedit/gitedit/gitedit/internal/statproof"
)

// ErrInvalid is matched by every *InvalidError.
var ErrInvalid = errors.New("invalid git configuration")

// InvalidError is a value, or a configuration environment variable, that
// git would refuse: Name says which ("config core.bare",
// "GIT_CONFIG_COUNT"), Reason what is wrong with it.
type InvalidError struct {
	Name, Reason string
}

// Error returns "NAME: REASON".
func (e *InvalidError) Error() string { return e.Name + ": " + e.Reason }

// Is reports whether target is ErrInvalid.
func (e *InvalidError) Is(target error) bool { return target == ErrInvalid }

// invalid returns an *InvalidError.
func invalid(name, format string, args ...any) error {
	return &InvalidError{Name: name, Reason: fmt.Sprintf(format, args...)}
}

// Config is the merged git configuration (system, global, repository,
// worktree, command line). Keys are stored in git's canonical form:
// section and variable name lower-cased, subsection as written. A nil
// *Config has no keys.
type Config struct {
	values map[string][]Value
	// seq counts assignments: Value.seq orders values across keys.
	seq int
}

// Value is one assignment of a key; NoValue marks "key" written without
// "=" (true as a bool, "" as a string).
type Value struct {
	Text    string
	NoValue bool
	seq     int
}

// Get returns the last value of key ("section.name" or
// "section.subsection.name", case as git compares it).
func (c *Config) Get(key string) (string, bool) {
	v, ok := c.Last(key)
	return v.Text, ok
}

// Last returns the last assignment of key.
func (c *Config) Last(key string) (Value, bool) {
	if c == nil {
		return Value{}, false
	}
	vs := c.values[canonicalKey(key)]
	if len(vs) == 0 {
		return Value{}, false
	}
	return vs[len(vs)-1], true
}

// All returns every assignment of key, in the order git reads them.
func (c *Config) All(key string) []Value {
	if c == nil {
		return nil
	}
	return c.values[canonicalKey(key)]
}

// LastOf returns the value assigned last among keys (which git treats as
// one setting, as gpg.program and gpg.openpgp.program).
func (c *Config) LastOf(keys ...string) (string, bool) {
	var best Value
	found := false
	for _, k := range keys {
		if v, ok := c.Last(k); ok && (!found || v.seq > best.seq) {
			best, found = v, true
		}
	}
	return best.Text, found
}

// Keys returns every key that has a value, in canonical form, sorted.
func (c *Config) Keys() []string {
	if c == nil {
		return nil
	}
	keys := make([]string, 0, len(c.values))
	for k := range c.values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Bool returns key as a git boolean: set is false when the key is not
// set; a value git would refuse is an *InvalidError naming the key.
func (c *Config) Bool(key string) (val, set bool, err error) {
	v, ok := c.Last(key)
	if !ok {
		return false, false, nil
	}
	b, err := ParseBool(v)
	if err != nil {
		return false, true, invalid("config "+key, "%v", err)
	}
	return b, true, nil
}

// add records one assignment of key (already canonical).
func (c *Config) add(key string, v Value) {
	if c.values == nil {
		c.values = map[string][]Value{}
	}
	c.seq++
	v.seq = c.seq
	c.values[key] = append(c.values[key], v)
}

// canonicalKey lower-cases the section and variable name of key and keeps
// the subsection as written, as git compares keys.
func canonicalKey(key string) string {
	first := strings.IndexByte(key, '.')
	last := strings.LastIndexByte(key, '.')
	if first < 0 {
		return strings.ToLower(key)
	}
	return strings.ToLower(key[:first]) + key[first:last] + strings.ToLower(key[last:])
}

// ParseBool parses a bool as git does: a key with no value is true;
// yes/on/true/1 (any integer but 0), no/off/false/0 and "" are accepted.
func ParseBool(v Value) (bool, error) {
	if v.NoValue {
		return true, nil
	}
	switch strings.ToLower(v.Text) {
	case "true", "yes", "on":
		return true, nil
	case "false", "no", "off", "":
		return false, nil
	}
	n, err := strconv.ParseInt(v.Text, 0, 64)
	if err != nil {
		return false, fmt.Errorf("bad boolean value %q", v.Text)
	}
	return n != 0, nil
}

// IsTrue reports whether an environment boolean (GIT_CONFIG_NOSYSTEM,
// GIT_ATTR_NOSYSTEM) is set to true.
func IsTrue(v string) bool {
	b, err := ParseBool(Value{Text: v})
	return err == nil && b
}

// maxIncludeDepth bounds include.path recursion, as git does.
const maxIncludeDepth = 10

// loader reads config files into cfg, following include.path.
type loader struct {
	cfg   *Config
	env   func(string) (string, bool)
	depth int
	// gitDir is the repository's git directory, for includeIf gitdir: and
	// onbranch: ("" when reading outside a repository).
	gitDir string
	// remoteURLs are the remote.*.url values includeIf hasconfig: matches
	// (collected by a first pass); sawHasconfig records that a file holds
	// such a condition.
	remoteURLs   []string
	sawHasconfig bool
	// files keeps what was read, for a second reading of the same file.
	files *Files
}

// file reads the config file at path; a missing file is skipped.
func (l *loader) file(path string) error {
	src, err := l.files.read(path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read config %s: %w", path, err)
	}
	err = parseConfig(src, func(key string, v Value) error {
		return l.assign(path, key, v)
	})
	if err != nil {
		return fmt.Errorf("config %s: %w", path, err)
	}
	return nil
}

// assign records key and follows include.path and the includeIf.*.path
// whose condition holds (relative to the including file's folder, "~/"
// expanded).
func (l *loader) assign(from, key string, v Value) error {
	l.cfg.add(key, v)
	if v.NoValue || v.Text == "" {
		return nil
	}
	if cond, ok := includeIfPath(key); ok {
		if !l.includeCondition(cond, from) {
			return nil
		}
	} else if key != "include.path" {
		return nil
	}
	if l.depth >= maxIncludeDepth {
		return fmt.Errorf("include.path nested more than %d deep", maxIncludeDepth)
	}
	path := l.expandHome(v.Text)
	if !filepath.IsAbs(path) {
		path = filepath.Join(filepath.Dir(from), path)
	}
	l.depth++
	defer func() { l.depth-- }()
	return l.file(path)
}

// expandHome expands a leading "~/" with $HOME.
func (l *loader) expandHome(p string) string { return ExpandHome(p, l.env) }

// ExpandHome expands a leading "~/" (or a lone "~") with $HOME (read
// with env), as git's interpolate_path does for values of type path: the
// rest is appended as written, so a trailing slash stays ("~/work/" is
// "$HOME/work/", which an includeIf gitdir: pattern needs) and nothing is
// cleaned. Without HOME, or for "~user/", p is returned as written.
func ExpandHome(p string, env func(string) (string, bool)) string {
	home, _ := env("HOME")
	return expandTilde(p, home)
}

// expandTilde replaces the "~" of p ("~" or "~/...") by home.
func expandTilde(p, home string) string {
	if home == "" || (p != "~" && !strings.HasPrefix(p, "~/")) {
		return p
	}
	return home + p[1:]
}

// LoadFile reads the one config file at path (includes followed, "~/"
// left as written, no environment): what git reads with
// `git config -f path`. A missing file is an empty Config.
func LoadFile(path string) (*Config, error) { return new(Files).LoadFile(path) }

// Files remembers the config files read through it (their bytes, or the
// error reading them), so that a file read twice is read from disk once:
// opening a repository checks its config's format (LoadFile) before
// loading the whole configuration (Load), and a hasconfig: condition makes
// Load read every file a second time. Every reading through one Files sees
// the same contents. The zero value is ready; it is not safe for
// concurrent use.
type Files struct {
	read1 map[string]fileRead
	// seen records what Changed found of each file.
	seen map[string]statproof.Snapshot
}

// fileRead is one file's bytes or the error reading them.
type fileRead struct {
	src []byte
	err error
}

// read returns the file at path, from disk the first time (every time
// for a nil f). The file is read without the network poller's
// registration (wtfs.ReadFile).
func (f *Files) read(path string) ([]byte, error) {
	if f == nil {
		return wtfs.ReadFile(path)
	}
	if r, ok := f.read1[path]; ok {
		return r.src, r.err
	}
	src, err := wtfs.ReadFile(path)
	if f.read1 == nil {
		f.read1 = map[string]fileRead{}
	}
	f.read1[path] = fileRead{src, err}
	return src, err
}

// LoadFile is the package's LoadFile, reading through f.
func (f *Files) LoadFile(path string) (*Config, error) {
	l := &loader{cfg: &Config{}, env: func(string) (string, bool) { return "", false }, files: f}
	if err := l.file(path); err != nil {
		return nil, err
	}
	return l.cfg, nil
}

// Load reads the configuration git would see for a repository with
// the given directories: system, global, local, worktree (when
// worktreeConfig), then GIT_CONFIG_COUNT/KEY_n/VALUE_n and
// GIT_CONFIG_PARAMETERS.
//
// includeIf hasconfig:remote.*.url: needs every remote URL first: when a
// file holds such a condition, the files are read a second time with the
// URLs the first reading found (as git collects them in a pass of its own).
func Load(gitDir, commonDir string, worktreeConfig bool, env func(string) (string, bool)) (*Config, error) {
	return new(Files).Load(gitDir, commonDir, worktreeConfig, env)
}

// Load is the package's Load, reading through f.
func (f *Files) Load(gitDir, commonDir string, worktreeConfig bool, env func(string) (string, bool)) (*Config, error) {
	l := &loader{cfg: &Config{}, env: env, gitDir: gitDir, files: f}
	cfg, err := l.load(gitDir, commonDir, worktreeConfig)
	if err != nil || !l.sawHasconfig {
		return cfg, err
	}
	l = &loader{cfg: &Config{}, env: env, gitDir: gitDir, remoteURLs: remoteURLs(cfg), files: f}
	return l.load(gitDir, commonDir, worktreeConfig)
}

// load reads every config file in git's order into l.cfg.
func (l *loader) load(gitDir, commonDir string, worktreeConfig bool) (*Config, error) {
	env := l.env
	files := append(systemAndGlobalConfig(env), filepath.Join(commonDir, "config"))
	if worktreeConfig {
		files = append(files, filepath.Join(gitDir, "config.worktree"))
	}
	for _, f := range files {
		if err := l.file(f); err != nil {
			return nil, err
		}
	}
	if err := l.envCount(); err != nil {
		return nil, err
	}
	return l.cfg, l.envParameters()
}

// systemAndGlobalConfig lists the system and global config files in the
// order git reads them.
func systemAndGlobalConfig(env func(string) (string, bool)) []string {
	var files []string
	if v, _ := env("GIT_CONFIG_NOSYSTEM"); !IsTrue(v) {
		sys, ok := env("GIT_CONFIG_SYSTEM")
		if !ok {
			sys = "/etc/gitconfig"
		}
		files = append(files, sys)
	}
	if g, ok := env("GIT_CONFIG_GLOBAL"); ok {
		return append(files, g)
	}
	home, _ := env("HOME")
	xdg, _ := env("XDG_CONFIG_HOME")
	if xdg == "" && home != "" {
		xdg = filepath.Join(home, ".config")
	}
	if xdg != "" {
		files = append(files, filepath.Join(xdg, "git", "config"))
	}
	if home != "" {
		files = append(files, filepath.Join(home, ".gitconfig"))
	}
	return files
}

// envCount reads GIT_CONFIG_COUNT, GIT_CONFIG_KEY_<n> and
// GIT_CONFIG_VALUE_<n>.
func (l *loader) envCount() error {
	s, ok := l.env("GIT_CONFIG_COUNT")
	if !ok || s == "" {
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return invalid("GIT_CONFIG_COUNT", "bad count %q", s)
	}
	for i := range n {
		key, ok := l.env(fmt.Sprintf("GIT_CONFIG_KEY_%d", i))
		val, vok := l.env(fmt.Sprintf("GIT_CONFIG_VALUE_%d", i))
		if !ok || !vok || !strings.Contains(key, ".") {
			return invalid(fmt.Sprintf("GIT_CONFIG_KEY_%d/GIT_CONFIG_VALUE_%d", i, i), "missing or invalid")
		}
		l.cfg.add(canonicalKey(key), Value{Text: val})
	}
	return nil
}

// envParameters reads GIT_CONFIG_PARAMETERS (what `git -c key=value`
// passes to the commands it runs): shell-quoted 'key=value' or
// 'key'='value' words separated by spaces.
func (l *loader) envParameters() error {
	s, ok := l.env("GIT_CONFIG_PARAMETERS")
	if !ok || strings.TrimSpace(s) == "" {
		return nil
	}
	words, err := sqWords(s)
	if err != nil {
		return invalid("GIT_CONFIG_PARAMETERS", "%v", err)
	}
	for _, w := range words {
		key, val, hasValue := strings.Cut(w, "=")
		l.cfg.add(canonicalKey(key), Value{Text: val, NoValue: !hasValue})
	}
	return nil
}

// sqWords splits s into words quoted as git's sq_quote does: 'text',
// with ' written as '\” ; adjacent quoted parts ('k'='v') form one word.
func sqWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' && inWord:
			words, inWord = append(words, cur.String()), false
			cur.Reset()
		case c == ' ':
		case c == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, errors.New("unterminated quote")
			}
			cur.WriteString(s[i+1 : i+1+end])
			i, inWord = i+1+end, true
		case c == '\\' && i+1 < len(s):
			cur.WriteByte(s[i+1])
			i, inWord = i+1, true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, nil
}

// configParser reads git's config syntax as git's config.c does.
type configParser struct {
	src  []byte
	pos  int
	line int
	eof  bool
}

// next returns the next byte, "\r\n" read as "\n"; at the end it returns
// '\n' and sets eof.
func (p *configParser) next() byte {
	if p.pos >= len(p.src) {
		p.eof = true
		return '\n'
	}
	c := p.src[p.pos]
	p.pos++
	if c == '\r' && p.pos < len(p.src) && p.src[p.pos] == '\n' {
		c = '\n'
		p.pos++
	}
	if c == '\n' {
		p.line++
	}
	return c
}

// errorf reports a syntax error at the current line.
func (p *configParser) errorf(format string, args ...any) error {
	return fmt.Errorf("bad config line %d: %s", p.line+1, fmt.Sprintf(format, args...))
}

// parseConfig parses src and calls emit for every variable with its
// canonical key ("section.subsection.name").
func parseConfig(src []byte, emit func(key string, v Value) error) error {
	p := &configParser{src: bytes.TrimPrefix(src, []byte("\xef\xbb\xbf"))}
	section, comment := "", false
	for {
		c := p.next()
		switch {
		case c == '\n' && p.eof:
			return nil
		case c == '\n':
			comment = false
		case comment || isSpace(c):
		case c == '#' || c == ';':
			comment = true
		case c == '[':
			s, err := p.header()
			if err != nil {
				return err
			}
			section = s
		case isAlpha(c):
			if err := p.variable(section, c, emit); err != nil {
				return err
			}
		default:
			return p.errorf("unexpected %q", c)
		}
	}
}

// header parses a section header after '[' and returns the canonical
// section prefix: "section" or "section.subsection".
func (p *configParser) header() (string, error) {
	var b strings.Builder
	for {
		c := p.next()
		switch {
		case p.eof:
			return "", p.errorf("unterminated section header")
		case c == ']':
			return b.String(), nil
		case isSpace(c):
			return p.subsection(b.String())
		case !isKeyChar(c) && c != '.':
			return "", p.errorf("bad section name")
		}
		b.WriteByte(toLower(c))
	}
}

// subsection parses ` "subsection"]` after the section name.
func (p *configParser) subsection(section string) (string, error) {
	c := p.next()
	for isSpace(c) && c != '\n' {
		c = p.next()
	}
	if c != '"' {
		return "", p.errorf("expected '\"' in section header")
	}
	var b strings.Builder
	for c = p.next(); c != '"'; c = p.next() {
		if c == '\\' {
			c = p.next()
		}
		if c == '\n' {
			return "", p.errorf("newline in subsection name")
		}
		b.WriteByte(c)
	}
	if p.next() != ']' {
		return "", p.errorf("expected ']' after subsection")
	}
	return section + "." + b.String(), nil
}

// variable parses "name [= value]" starting at its first character c.
func (p *configParser) variable(section string, c byte, emit func(string, Value) error) error {
	name := []byte{toLower(c)}
	for c = p.next(); !p.eof && isKeyChar(c); c = p.next() {
		name = append(name, toLower(c))
	}
	for c == ' ' || c == '\t' {
		c = p.next()
	}
	key := string(name)
	if section != "" {
		key = section + "." + key
	}
	if c == '\n' {
		return emit(key, Value{NoValue: true})
	}
	if c != '=' {
		return p.errorf("expected '=' after %s", key)
	}
	v, err := p.value()
	if err != nil {
		return err
	}
	return emit(key, Value{Text: v})
}

// value parses a value up to the end of its line: quotes, escapes
// (\n \t \b \\ \"), continuation lines, comments, and whitespace runs
// outside quotes (each character kept as one space, trailing ones dropped).
func (p *configParser) value() (string, error) {
	var b strings.Builder
	quote, comment, space := false, false, 0
	for {
		c := p.next()
		switch {
		case c == '\n' && quote:
			return "", p.errorf("unterminated quote")
		case c == '\n':
			return b.String(), nil
		case comment:
		case isSpace(c) && !quote:
			if b.Len() > 0 {
				space++
			}
		case !quote && (c == ';' || c == '#'):
			comment = true
		default:
			b.WriteString(strings.Repeat(" ", space))
			space = 0
			if err := p.valueChar(&b, c, &quote); err != nil {
				return "", err
			}
		}
	}
}

// valueChar adds one non-space character of a value (a quote toggles
// quoting, a backslash starts an escape).
func (p *configParser) valueChar(b *strings.Builder, c byte, quote *bool) error {
	switch c {
	case '"':
		*quote = !*quote
		return nil
	case '\\':
		return p.escape(b)
	}
	b.WriteByte(c)
	return nil
}

// escape reads the character after a backslash in a value.
func (p *configParser) escape(b *strings.Builder) error {
	c := p.next()
	switch c {
	case '\n':
		if p.eof {
			return p.errorf("backslash at end of file")
		}
		return nil
	case 't':
		c = '\t'
	case 'b':
		c = '\b'
	case 'n':
		c = '\n'
	case '\\', '"':
	default:
		return p.errorf("bad escape \\%c", c)
	}
	b.WriteByte(c)
	return nil
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}
func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isKeyChar(c byte) bool {
	return isAlpha(c) || c >= '0' && c <= '9' || c == '-'
}
func toLower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
