package index

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestClashesListsTheEntriesAFileOrFolderWouldReplace(t *testing.T) {
	ix := &Index{Version: 2}
	for _, n := range []string{"a", "b/c/d", "b/c/e", "b/cd", "x/y"} {
		ix.Add(&Entry{Name: n, Mode: ModeRegular})
	}
	tests := []struct {
		name string
		want []string
	}{
		{"a/new", []string{"a"}},
		{"a/deep/new", []string{"a"}},
		{"b/c", []string{"b/c/d", "b/c/e"}},
		{"b", []string{"b/c/d", "b/c/e", "b/cd"}},
		{"b/cd", nil},
		{"x/z", nil},
		{"new", nil},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, ix.Clashes(tt.name), tt.name)
	}
}
