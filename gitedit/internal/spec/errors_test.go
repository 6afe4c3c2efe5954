package spec

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestDirtyErrorNamesEachPathOnce checks the dirty refusal's wording: the
// first path leads once (it was printed twice, "a.go: a.go already
// differ(s)"), the verb and pronoun agree with the count, and the code is
// dirty.
func TestDirtyErrorNamesEachPathOnce(t *testing.T) {
	tests := []struct {
		paths []string
		want  string
	}{
		{[]string{"a.go"}, "dirty: a.go: differs from HEAD (why); commit it first"},
		{[]string{"a.go", "b\tc.go"}, `dirty: a.go: differs from HEAD (why), and so does "b\tc.go"; commit them first`},
		{[]string{"a.go", "b.go", "c.go"}, "dirty: a.go: differs from HEAD (why), and so do b.go, c.go; commit them first"},
	}
	for _, tt := range tests {
		err := DirtyError(tt.paths, "why", "commit {them} first")
		assert.Equal(t, CodeDirty, err.Code)
		assert.Equal(t, tt.paths[0], err.FilePath)
		assert.Equal(t, tt.want, err.Error())
	}
}
