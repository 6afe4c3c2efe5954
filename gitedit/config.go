package gitedit

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// gitConfig is the merged git configuration (system, global, repository,
// worktree, command line), read once at Open. Keys are stored in git's
// canonical form: section and variable name lower-cased, subsection as
// written.
type gitConfig struct {
	values map[string][]configValue
	// seq counts assignments: configValue.seq orders values across keys.
	seq int
}

// configValue is one assignment of a key; noValue marks "key" written
// without "=" (true as a bool, "" as a string).
type configValue struct {
	value   string
	noValue bool
	seq     int
}

// get returns the last value of key ("section.name" or
// "section.subsection.name", case as git compares it).
func (c *gitConfig) get(key string) (string, bool) {
	v, ok := c.last(key)
	return v.value, ok
}

// last returns the last assignment of key.
func (c *gitConfig) last(key string) (configValue, bool) {
	if c == nil {
		return configValue{}, false
	}
	vs := c.values[canonicalKey(key)]
	if len(vs) == 0 {
		return configValue{}, false
	}
	return vs[len(vs)-1], true
}

// all returns every assignment of key, in the order git reads them.
func (c *gitConfig) all(key string) []configValue {
	if c == nil {
		return nil
	}
	return c.values[canonicalKey(key)]
}

// lastOf returns the value assigned last among keys (which git treats as
// one setting, as gpg.program and gpg.openpgp.program).
func (c *gitConfig) lastOf(keys ...string) (string, bool) {
	var best configValue
	found := false
	for _, k := range keys {
		if v, ok := c.last(k); ok && (!found || v.seq > best.seq) {
			best, found = v, true
		}
	}
	return best.value, found
}

// getBool returns key as a git boolean: ok is false when the key is not
// set; an unparsable value is invalid_input naming the key.
func (c *gitConfig) getBool(key string) (val, ok bool, err error) {
	v, ok := c.last(key)
	if !ok {
		return false, false, nil
	}
	b, err := parseGitBool(v)
	if err != nil {
		return false, true, errorf(CodeInvalidInput, "config %s: %v", key, err)
	}
	return b, true, nil
}

// add records one assignment of key (already canonical).
func (c *gitConfig) add(key string, v configValue) {
	if c.values == nil {
		c.values = map[string][]configValue{}
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

// parseGitBool parses a bool as git does: a key with no value is true;
// yes/on/true/1 (any integer but 0), no/off/false/0 and "" are accepted.
func parseGitBool(v configValue) (bool, error) {
	if v.noValue {
		return true, nil
	}
	switch strings.ToLower(v.value) {
	case "true", "yes", "on":
		return true, nil
	case "false", "no", "off", "":
		return false, nil
	}
	n, err := strconv.ParseInt(v.value, 0, 64)
	if err != nil {
		return false, fmt.Errorf("bad boolean value %q", v.value)
	}
	return n != 0, nil
}

// maxIncludeDepth bounds include.path recursion, as git does.
const maxIncludeDepth = 10

// configLoader reads config files into cfg, following include.path.
type configLoader struct {
	cfg   *gitConfig
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
}

// file reads the config file at path; a missing file is skipped.
func (l *configLoader) file(path string) error {
	src, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read config %s: %w", path, err)
	}
	err = parseConfig(src, func(key string, v configValue) error {
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
func (l *configLoader) assign(from, key string, v configValue) error {
	l.cfg.add(key, v)
	if v.noValue || v.value == "" {
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
	path := l.expandHome(v.value)
	if !filepath.IsAbs(path) {
		path = filepath.Join(filepath.Dir(from), path)
	}
	l.depth++
	defer func() { l.depth-- }()
	return l.file(path)
}

// expandHome expands a leading "~/" with $HOME.
func (l *configLoader) expandHome(p string) string {
	home, _ := l.env("HOME")
	if rest, ok := strings.CutPrefix(p, "~/"); ok && home != "" {
		return filepath.Join(home, rest)
	}
	return p
}

// loadConfig reads the configuration git would see for a repository with
// the given directories: system, global, local, worktree (when
// worktreeConfig), then GIT_CONFIG_COUNT/KEY_n/VALUE_n and
// GIT_CONFIG_PARAMETERS.
//
// includeIf hasconfig:remote.*.url: needs every remote URL first: when a
// file holds such a condition, the files are read a second time with the
// URLs the first reading found (as git collects them in a pass of its own).
func loadConfig(gitDir, commonDir string, worktreeConfig bool, env func(string) (string, bool)) (*gitConfig, error) {
	l := &configLoader{cfg: &gitConfig{}, env: env, gitDir: gitDir}
	cfg, err := l.load(gitDir, commonDir, worktreeConfig)
	if err != nil || !l.sawHasconfig {
		return cfg, err
	}
	l = &configLoader{cfg: &gitConfig{}, env: env, gitDir: gitDir, remoteURLs: remoteURLs(cfg)}
	return l.load(gitDir, commonDir, worktreeConfig)
}

// load reads every config file in git's order into l.cfg.
func (l *configLoader) load(gitDir, commonDir string, worktreeConfig bool) (*gitConfig, error) {
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
	if v, _ := env("GIT_CONFIG_NOSYSTEM"); !isTrueEnv(v) {
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

// isTrueEnv reports whether an environment boolean is set to true.
func isTrueEnv(v string) bool {
	b, err := parseGitBool(configValue{value: v})
	return err == nil && b
}

// envCount reads GIT_CONFIG_COUNT, GIT_CONFIG_KEY_<n> and
// GIT_CONFIG_VALUE_<n>.
func (l *configLoader) envCount() error {
	s, ok := l.env("GIT_CONFIG_COUNT")
	if !ok || s == "" {
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return errorf(CodeInvalidInput, "GIT_CONFIG_COUNT: bad count %q", s)
	}
	for i := range n {
		key, ok := l.env(fmt.Sprintf("GIT_CONFIG_KEY_%d", i))
		val, vok := l.env(fmt.Sprintf("GIT_CONFIG_VALUE_%d", i))
		if !ok || !vok || !strings.Contains(key, ".") {
			return errorf(CodeInvalidInput, "GIT_CONFIG_KEY_%d/GIT_CONFIG_VALUE_%d missing or invalid", i, i)
		}
		l.cfg.add(canonicalKey(key), configValue{value: val})
	}
	return nil
}

// envParameters reads GIT_CONFIG_PARAMETERS (what `git -c key=value`
// passes to the commands it runs): shell-quoted 'key=value' or
// 'key'='value' words separated by spaces.
func (l *configLoader) envParameters() error {
	s, ok := l.env("GIT_CONFIG_PARAMETERS")
	if !ok || strings.TrimSpace(s) == "" {
		return nil
	}
	words, err := sqWords(s)
	if err != nil {
		return errorf(CodeInvalidInput, "GIT_CONFIG_PARAMETERS: %v", err)
	}
	for _, w := range words {
		key, val, hasValue := strings.Cut(w, "=")
		l.cfg.add(canonicalKey(key), configValue{value: val, noValue: !hasValue})
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
func parseConfig(src []byte, emit func(key string, v configValue) error) error {
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
func (p *configParser) variable(section string, c byte, emit func(string, configValue) error) error {
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
		return emit(key, configValue{noValue: true})
	}
	if c != '=' {
		return p.errorf("expected '=' after %s", key)
	}
	v, err := p.value()
	if err != nil {
		return err
	}
	return emit(key, configValue{value: v})
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

// Config returns the value of a git config key ("section.name" or
// "section.subsection.name") as git resolves it: the last assignment in
// the system, global, repository, worktree and command-line configuration,
// includes followed. set is false when the key is not set; a key written
// without "=" has the value "".
func (r *Repo) Config(key string) (value string, set bool) {
	return r.config.get(key)
}

// ConfigBool returns a git config key as a git boolean (a key without "="
// is true; yes/on/true, no/off/false, "" and integers are accepted); set
// is false when the key is not set, and a value git would refuse is
// invalid_input naming the key.
func (r *Repo) ConfigBool(key string) (value, set bool, err error) {
	return r.config.getBool(key)
}

// Defaults returns the options set in git config (gitedit.commit,
// gitedit.agent, gitedit.matchMode, gitedit.dirty), the rest zero. A bad
// boolean or an unknown dirty policy is invalid_input naming the key.
func (r *Repo) Defaults() (Options, error) {
	var o Options
	commit, _, err := r.config.getBool("gitedit.commit")
	if err != nil {
		return Options{}, err
	}
	o.Commit = commit
	o.Agent, _ = r.config.get("gitedit.agent")
	o.MatchMode, _ = r.config.get("gitedit.matchMode")
	dirty, _ := r.config.get("gitedit.dirty")
	switch p := DirtyPolicy(dirty); p {
	case "", DirtyRefuse, DirtyInclude, DirtyCommitFirst:
		o.Dirty = p
	default:
		return Options{}, errorf(CodeInvalidInput, "config gitedit.dirty = %q: expected refuse, include or commit-first", dirty)
	}
	return o, nil
}
