package gitedit

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// syncRecorder counts the sync calls made through the seams of
// durability.go, by kind, with the base name of each file synced.
type syncRecorder struct {
	mu    sync.Mutex
	calls []string // "kind name"
}

// record installs the recorder for the test's duration.
func recordSyncs(t *testing.T) *syncRecorder {
	rec := &syncRecorder{}
	f, w, s, d := repo.FsyncFile, repo.WriteOutFile, repo.SyncFileSystem, repo.FsyncFolder
	t.Cleanup(func() { repo.FsyncFile, repo.WriteOutFile, repo.SyncFileSystem, repo.FsyncFolder = f, w, s, d })
	repo.FsyncFile = func(file *os.File) error { rec.add("fsync", file.Name()); return f(file) }
	repo.WriteOutFile = func(file *os.File) error { rec.add("writeout", file.Name()); return w(file) }
	repo.SyncFileSystem = func(dir string) error { rec.add("syncfs", dir); return s(dir) }
	repo.FsyncFolder = func(dir string) error { rec.add("fsync-dir", dir); return d(dir) }
	return rec
}

// add records one call, naming the file by its kind: "object", "temp"
// (a working-tree temporary file), "index", "ref", "reflog" or the path.
func (rec *syncRecorder) add(kind, path string) {
	name := path
	switch base := filepath.Base(path); {
	case strings.HasPrefix(base, "tmp_obj_"):
		name = "object"
	case strings.HasPrefix(base, ".gitedit-"):
		name = "temp"
	case base == "index.lock":
		name = "index"
	case strings.HasPrefix(base, "temp-folders"):
		name = "journal" // the rollback record's ref move, before the ref's (reference)
	case strings.HasSuffix(base, ".lock"):
		name = "ref"
	case strings.Contains(path, "/logs/"):
		name = "reflog"
	case kind == "syncfs" || kind == "fsync-dir":
		name = "fs"
	}
	rec.mu.Lock()
	rec.calls = append(rec.calls, kind+" "+name)
	rec.mu.Unlock()
}

// distinct returns the distinct calls, sorted.
func (rec *syncRecorder) distinct() string {
	seen := map[string]bool{}
	for _, c := range rec.calls {
		seen[c] = true
	}
	var out []string
	for c := range seen {
		out = append(out, c)
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// TestDurabilityFollowsCoreFsync commits one edit under several core.fsync
// settings and checks which syncs gitedit makes: none at all by git's
// default (git syncs no loose object, index or ref then either), and what
// git syncs otherwise.
func TestDurabilityFollowsCoreFsync(t *testing.T) {
	tests := []struct {
		config []string
		want   string
	}{
		{nil, ""},
		{[]string{"core.fsync", "none"}, ""},
		{[]string{"core.fsync", "all"}, "fsync index, fsync journal, fsync ref, fsync reflog, syncfs fs"},
		{[]string{"core.fsync", "committed"}, "fsync journal, fsync ref, fsync reflog, syncfs fs"},
		{[]string{"core.fsync", "reference"}, "fsync journal, fsync ref, fsync reflog"},
		{[]string{"core.fsync", "index"}, "fsync index, syncfs fs"},
		{[]string{"core.fsyncObjectFiles", "true"}, "syncfs fs"},
		{[]string{"core.fsync", "added", "core.fsyncMethod", "writeout-only"}, "writeout index, writeout journal, writeout object, writeout ref, writeout reflog, writeout temp"},
		{[]string{"core.fsync", "objects", "core.fsyncMethod", "batch"}, "syncfs fs"},
	}
	for _, tt := range tests {
		dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
		for i := 0; i < len(tt.config); i += 2 {
			fixtures.Git(t, dir, "config", tt.config[i], tt.config[i+1])
		}
		r := openTest(t, dir, dir)
		rec := recordSyncs(t)
		if _, err := r.Edit(context.Background(), spec.EditRequest{FilePath: "a.txt", OldString: "one", NewString: "two"}, spec.Options{Commit: true}); err != nil {
			t.Fatalf("%q: %v", tt.config, err)
		}
		if got := rec.distinct(); got != tt.want {
			t.Errorf("%q: syncs %q, want %q", tt.config, got, tt.want)
		}
		if out := fixtures.Git(t, dir, "status", "--porcelain"); out != "" {
			t.Errorf("%q: git status %q", tt.config, out)
		}
	}
}

// TestDurabilityMissingValueIsRefused: core.fsync written without a value
// is an error for git, and for gitedit.
func TestDurabilityMissingValueIsRefused(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "one\n"})
	f, err := os.OpenFile(filepath.Join(dir, ".git", "config"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("[core]\n\tfsync\n")
	f.Close()
	if _, err := repo.OpenEnv(dir, testEnv(dir)); err == nil || !strings.Contains(err.Error(), "core.fsync") {
		t.Errorf("open with a valueless core.fsync: %v", err)
	}
	if _, err := gitIn(dir, dir, nil, "status"); err == nil {
		t.Errorf("git accepts a valueless core.fsync; so should gitedit")
	}
}
