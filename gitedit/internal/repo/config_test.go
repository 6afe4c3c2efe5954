package repo

import (
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// TestDefaultsComeFromGiteditKeysOfGitConfig reads gitedit.* keys set with
// git config, and refuses bad values as invalid_input naming the key.
func TestDefaultsComeFromGiteditKeysOfGitConfig(t *testing.T) {
	tests := []struct {
		name    string
		config  [][2]string
		want    spec.Options
		errCode spec.Code
		errKey  string
	}{
		{"nothing set", nil, spec.Options{}, "", ""},
		{"all set", [][2]string{{"gitedit.commit", "yes"}, {"gitedit.agent", "bot"}, {"gitedit.matchMode", "exact"}, {"gitedit.dirty", "commit-first"}},
			spec.Options{Commit: true, Agent: "bot", MatchMode: "exact", Dirty: spec.DirtyCommitFirst}, "", ""},
		{"commit off", [][2]string{{"gitedit.commit", "off"}, {"gitedit.dirty", "include"}}, spec.Options{Dirty: spec.DirtyInclude}, "", ""},
		{"bad bool", [][2]string{{"gitedit.commit", "maybe"}}, spec.Options{}, spec.CodeInvalidInput, "gitedit.commit"},
		{"bad dirty", [][2]string{{"gitedit.dirty", "sweep"}}, spec.Options{}, spec.CodeInvalidInput, "gitedit.dirty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := fixtures.NewRepo(t, nil)
			for _, kv := range tt.config {
				fixtures.Git(t, repo, "config", kv[0], kv[1])
			}
			got, err := openTest(t, repo, repo).Defaults()
			if spec.CodeOf(err) != tt.errCode || (err != nil && !strings.Contains(err.Error(), tt.errKey)) {
				t.Fatalf("err = %v, want %s naming %s", err, tt.errCode, tt.errKey)
			}
			if got != tt.want {
				t.Errorf("Defaults = %+v, want %+v", got, tt.want)
			}
		})
	}
}
