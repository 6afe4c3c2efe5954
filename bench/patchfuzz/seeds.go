package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gitedit/gitedit/fixtures/patchfuzz"
)

// features are what the seed corpus covers, each taken from the newest
// commit of each repository that has it: a function of a commit's change
// (nil when the change does not have it) and a check of the case's patch.
var features = []struct {
	name  string
	wants func(patchfuzz.Change) bool
	check func(patch string) bool
}{
	{"modify", func(c patchfuzz.Change) bool { return c.Status == "M" }, func(p string) bool { return strings.Count(p, "\n@@ ") >= 2 }},
	{"rename", func(c patchfuzz.Change) bool { return c.Status[0] == 'R' }, nil},
	{"mode", func(c patchfuzz.Change) bool {
		return c.OldMode != c.NewMode && c.OldMode != "000000" && c.NewMode != "000000"
	}, nil},
	{"symlink", func(c patchfuzz.Change) bool { return c.OldMode == "120000" || c.NewMode == "120000" }, nil},
	{"new", func(c patchfuzz.Change) bool { return c.Status == "A" }, nil},
	{"delete", func(c patchfuzz.Change) bool { return c.Status == "D" }, nil},
	{"binary", func(c patchfuzz.Change) bool { return true }, func(p string) bool { return strings.Contains(p, "GIT binary patch") }},
	{"crlf", func(c patchfuzz.Change) bool { return c.Status == "M" }, func(p string) bool { return strings.Contains(p, "\r\n") }},
	{"noeol", func(c patchfuzz.Change) bool { return c.Status == "M" }, func(p string) bool { return strings.Contains(p, "\\ No newline at end of file") }},
}

// maxSeed is the largest seed patch, and its files' total size.
const maxSeed = 4 << 10

// writeSeeds writes, for each repository, one case per feature found in
// its last n commits into dir, with -U3, -U1 and -U0 in turn.
func writeSeeds(r *patchfuzz.Runner, repos []string, n int, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	k := 0
	for _, repo := range repos {
		gitDir, name, rev, err := gitFolder(repo)
		if err != nil {
			return err
		}
		list, err := revList(r, gitDir, rev, n)
		if err != nil {
			return err
		}
		found := map[string]bool{}
		for _, c := range list {
			if err := seedCommit(r, gitDir, name, c, found, dir, &k); err != nil {
				return err
			}
		}
	}
	fmt.Printf("%d seeds written to %s\n", k, dir)
	return nil
}

// seedCommit writes a case for each feature commit c has that its
// repository has no case for yet.
func seedCommit(r *patchfuzz.Runner, gitDir, name, c string, found map[string]bool, dir string, k *int) error {
	cs, err := r.Changes(gitDir, c)
	if errors.Is(err, patchfuzz.ErrSkip) || len(cs) > 12 {
		return nil
	}
	if err != nil {
		return err
	}
	if len(cs) >= 2 && len(cs) <= 4 && !found["several"] {
		if err := seedOf(r, gitDir, name, c, "several", nil, nil, found, dir, k); err != nil {
			return err
		}
	}
	for _, f := range features {
		for _, ch := range cs {
			if found[f.name] || !f.wants(ch) {
				continue
			}
			if err := seedOf(r, gitDir, name, c, f.name, []string{ch.OldPath, ch.NewPath}, f.check, found, dir, k); err != nil {
				return err
			}
		}
	}
	return nil
}

// seedOf writes the case of commit c limited to paths when it is small
// and check accepts its patch.
func seedOf(r *patchfuzz.Runner, gitDir, name, c, feature string, paths []string, check func(string) bool, found map[string]bool, dir string, k *int) error {
	u := contexts[*k%len(contexts)]
	seed, err := r.FromCommit(gitDir, c, u, paths...)
	if err != nil || !small(seed) || (check != nil && !check(string(seed.Patch))) {
		return nil
	}
	seed.Source = fmt.Sprintf("%s %s (%s)", name, seed.Source, feature)
	found[feature] = true
	*k++
	return save(seed, filepath.Join(dir, fmt.Sprintf("%s-%s-U%d.case", name, feature, u)))
}

// small reports whether a seed is small enough for the corpus.
func small(c *patchfuzz.Case) bool {
	size := len(c.Patch)
	for _, f := range c.Files {
		size += len(f.Data)
	}
	return len(c.Patch) <= maxSeed && size <= 3*maxSeed
}

// save writes a case file.
func save(c *patchfuzz.Case, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := c.Encode(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
