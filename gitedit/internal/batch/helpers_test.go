package batch

import (
	"context"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// openRepo opens the repository at dir for a test.
func openRepo(t *testing.T, dir string) *repo.Repo {
	t.Helper()
	r, err := repo.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// openTest opens dir with the fixtures' environment of the repository at
// top (fixtures.EnvLookup), and gives the test the fixtures' identity and
// an empty HOME, as the facade's tests run (its TestMain).
func openTest(t *testing.T, top, dir string, extra ...string) *repo.Repo {
	t.Helper()
	for _, kv := range fixtures.Env(t.TempDir()) {
		if k, v, ok := strings.Cut(kv, "="); ok && (strings.HasPrefix(k, "GIT_") || k == "HOME" || k == "XDG_CONFIG_HOME") {
			t.Setenv(k, v)
		}
	}
	r, err := repo.OpenEnv(dir, fixtures.EnvLookup(top, extra...))
	if err != nil {
		t.Fatalf("open %s: %v", dir, err)
	}
	return r
}

// replaceIn runs one batch on r that replaces the first old in the file
// rel with new, as an edit of it would (the edit's own matching is the
// facade's; what these tests look at is the batch's writing).
func replaceIn(r *repo.Repo, rel, old, new string, opt spec.Options) (*Outcome, error) {
	plan := func(tx *Txn) (*commitmsg.Meta, error) {
		st, err := tx.Read(rel)
		if err != nil {
			return nil, err
		}
		if !strings.Contains(string(st.Content), old) {
			return nil, spec.Errorf(spec.CodeNotFound, "%s: %q not found", rel, old)
		}
		tx.Write(st.Rel, []byte(strings.Replace(string(st.Content), old, new, 1)), 0)
		return &commitmsg.Meta{Tool: string(spec.ToolEdit), Subject: "edit " + rel}, nil
	}
	return Run(context.Background(), r, opt, plan)
}
