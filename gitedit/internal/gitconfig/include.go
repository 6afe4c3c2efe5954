package gitconfig

import (
	"path/filepath"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/wildmatch"
)

// includeIfPath returns the condition of an "includeIf.<condition>.path"
// key (canonical form), and whether key is one.
func includeIfPath(key string) (string, bool) {
	rest, ok := strings.CutPrefix(key, "includeif.")
	if !ok {
		return "", false
	}
	return strings.CutSuffix(rest, ".path")
}

// includeCondition reports whether the includeIf condition cond holds, as
// git 2.39's include_condition_is_true decides: gitdir:, gitdir/i:,
// onbranch: and hasconfig:remote.*.url:; any other condition is false.
// from is the config file that holds it.
func (l *loader) includeCondition(cond, from string) bool {
	switch {
	case strings.HasPrefix(cond, "gitdir:"):
		return l.includeByGitdir(strings.TrimPrefix(cond, "gitdir:"), from, false)
	case strings.HasPrefix(cond, "gitdir/i:"):
		return l.includeByGitdir(strings.TrimPrefix(cond, "gitdir/i:"), from, true)
	case strings.HasPrefix(cond, "onbranch:"):
		return l.includeByBranch(strings.TrimPrefix(cond, "onbranch:"))
	case strings.HasPrefix(cond, "hasconfig:remote.*.url:"):
		l.sawHasconfig = true
		pattern := strings.TrimPrefix(cond, "hasconfig:remote.*.url:")
		for _, u := range l.remoteURLs {
			if wildmatch.Match(pattern, u, true) {
				return true
			}
		}
	}
	return false
}

// includeByGitdir matches the repository's git directory against a
// gitdir: pattern as git's include_by_gitdir does: "~/" expanded (with
// the real path of $HOME, the rest as written, a trailing "/" kept), "./"
// relative to the including file's folder (matched literally up to it),
// a relative pattern prefixed with "**/", a trailing "/" followed by
// "**"; the real path is tried first, then the absolute one.
func (l *loader) includeByGitdir(pattern, from string, icase bool) bool {
	if l.gitDir == "" {
		return false
	}
	pattern, prefix, ok := l.gitdirPattern(pattern, from)
	if !ok {
		return false
	}
	texts := []string{l.gitDir}
	if real, err := filepath.EvalSymlinks(l.gitDir); err == nil {
		texts = []string{real, l.gitDir}
	}
	for _, text := range texts {
		if matchGitdir(pattern, text, prefix, icase) {
			return true
		}
	}
	return false
}

// gitdirPattern expands a gitdir: pattern and returns it with the length
// of its literal prefix.
func (l *loader) gitdirPattern(pattern, from string) (string, int, bool) {
	pattern = l.expandRealHome(pattern)
	prefix := 0
	switch {
	case strings.HasPrefix(pattern, "./"):
		if from == "" {
			return "", 0, false
		}
		dir := filepath.Dir(from)
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			dir = real
		}
		pattern = dir + pattern[1:]
		prefix = len(dir) + 1
	case !filepath.IsAbs(pattern):
		pattern = "**/" + pattern
	}
	if strings.HasSuffix(pattern, "/") {
		pattern += "**"
	}
	return pattern, prefix, true
}

// expandRealHome is expandHome with $HOME's real path (symbolic links
// resolved), as prepare_include_condition_pattern asks interpolate_path
// for it: the git directory it is matched against is a real path too.
func (l *loader) expandRealHome(p string) string {
	home, _ := l.env("HOME")
	if real, err := filepath.EvalSymlinks(home); err == nil && home != "" {
		home = real
	}
	return expandTilde(p, home)
}

// matchGitdir compares the literal prefix, then wildmatches the rest.
func matchGitdir(pattern, text string, prefix int, icase bool) bool {
	if icase {
		pattern, text = strings.ToLower(pattern), strings.ToLower(text)
	}
	if len(text) < prefix || pattern[:prefix] != text[:prefix] {
		return false
	}
	return wildmatch.Match(pattern[prefix:], text[prefix:], true)
}

// includeByBranch matches the branch HEAD points at (unborn included)
// against an onbranch: pattern; a detached HEAD matches nothing. HEAD is
// read through the loader's Files, which then watches it (Changed).
func (l *loader) includeByBranch(pattern string) bool {
	if l.gitDir == "" {
		return false
	}
	head, err := l.files.read(filepath.Join(l.gitDir, "HEAD"))
	if err != nil {
		return false
	}
	ref, ok := strings.CutPrefix(strings.TrimSpace(string(head)), "ref: ")
	if !ok {
		return false
	}
	branch, ok := strings.CutPrefix(ref, "refs/heads/")
	if !ok {
		return false
	}
	if strings.HasSuffix(pattern, "/") {
		pattern += "**"
	}
	return wildmatch.Match(pattern, branch, true)
}

// remoteURLs lists the values of every remote.<name>.url key of cfg.
func remoteURLs(cfg *Config) []string {
	var urls []string
	for key, vs := range cfg.values {
		if strings.HasPrefix(key, "remote.") && strings.HasSuffix(key, ".url") {
			for _, v := range vs {
				urls = append(urls, v.Text)
			}
		}
	}
	return urls
}
