package gitedit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// TestMain isolates the package's tests from the machine's git
// configuration: HOME is an empty folder, system config is off, and the
// author and committer are the fixtures' identity, as in CI on a fresh
// machine. Tests that need something else set it with t.Setenv.
func TestMain(m *testing.M) {
	keepGoCaches()
	home, err := os.MkdirTemp("", "gitedit-test-home-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, kv := range fixtures.Env(home) {
		if k, v, ok := strings.Cut(kv, "="); ok && (strings.HasPrefix(k, "GIT_") || k == "HOME" || k == "XDG_CONFIG_HOME") {
			os.Setenv(k, v)
		}
	}
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}

// keepGoCaches pins the Go build and module caches to where they are now,
// so that tests which run `go build` keep them when HOME changes.
func keepGoCaches() {
	if os.Getenv("GOCACHE") == "" {
		if dir, err := os.UserCacheDir(); err == nil {
			os.Setenv("GOCACHE", filepath.Join(dir, "go-build"))
		}
	}
	if os.Getenv("GOPATH") == "" {
		if home, err := os.UserHomeDir(); err == nil {
			os.Setenv("GOPATH", filepath.Join(home, "go"))
		}
	}
}
