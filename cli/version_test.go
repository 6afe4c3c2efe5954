package cli

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestVersionFlagIsTheVersionCommand checks versionAlias: --version (or
// -version) first, or after -C DIR pairs as git -C DIR --version takes
// it, is the version command, the -C pairs kept as its flags; anywhere
// else it is left to the command that holds it.
func TestVersionFlagIsTheVersionCommand(t *testing.T) {
	tests := []struct{ in, want string }{
		{"gitedit --version", "gitedit version"},
		{"gitedit -version --json", "gitedit version --json"},
		{"gitedit -C d --version", "gitedit version -C d"},
		{"gitedit -C d -C e --version --json", "gitedit version -C d -C e --json"},
		{"gitedit -C d hash --version", "gitedit -C d hash --version"},
		{"gitedit -C", "gitedit -C"},
		{"gitedit hash --version", "gitedit hash --version"},
		{"gitedit", "gitedit"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, strings.Join(versionAlias(strings.Fields(tt.in)), " "), tt.in)
	}
}

// TestVersionWithDirectoryRunsAsGitDoes runs gitedit -C DIR --version (as
// git -C DIR --version): the version for a folder, not_a_repo naming the
// path for anything else, with no output.
func TestVersionWithDirectoryRunsAsGitDoes(t *testing.T) {
	dir := t.TempDir()
	out, errOut, code := runApp(newAppFor, []string{"gitedit", "-C", dir, "--version"})
	assert.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, "gitedit version "), out)
	out, errOut, code = runApp(newAppFor, []string{"gitedit", "-C", dir + "/missing", "--version"})
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Equal(t, "gitedit: not_a_repo: "+dir+"/missing: not a directory\n", errOut)
}
