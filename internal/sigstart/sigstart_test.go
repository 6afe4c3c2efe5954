package sigstart

import (
	"os"
	"os/signal"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestStartCatchesOnlyForAWriter checks Start: nothing for a command line
// that names no writer right after the program (a reader, flags first),
// the early Notify for one that does, and a second Start leaves it be.
func TestStartCatchesOnlyForAWriter(t *testing.T) {
	args := os.Args
	defer func() { os.Args = args }()
	for _, line := range [][]string{{"gitedit"}, {"gitedit", "hash", "f"}, {"gitedit", "-C", "d", "edit"}} {
		os.Args = line
		Start()
		assert.Nil(t, Early.C, "%q", line)
	}
	os.Args = []string{"gitedit", "edit", "f"}
	Start()
	if assert.NotNil(t, Early.C) {
		c := Early.C
		<-Early.Ready
		Start()
		assert.Equal(t, c, Early.C, "a second Start starts nothing")
		signal.Stop(Early.C)
	}
}
