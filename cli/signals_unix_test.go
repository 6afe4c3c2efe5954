//go:build unix

package cli

import (
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestSignalsStayCaughtOnlyForAProcessThatExits checks stop: a catcher
// stopped for a caller that goes on (mainWith) gives its signals back, one
// stopped for a process about to exit (Main) keeps receiving them. The
// test holds SIGUSR2 itself meanwhile, so that the signal never ends it.
func TestSignalsStayCaughtOnlyForAProcessThatExits(t *testing.T) {
	own := make(chan os.Signal, 1)
	signal.Notify(own, syscall.SIGUSR2)
	defer signal.Stop(own)
	for _, giveBack := range []bool{true, false} {
		c := newSignalCatcher()
		c.start()
		c.stop(giveBack)
		assert.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGUSR2))
		<-own
		time.Sleep(10 * time.Millisecond) // the runtime hands the signal to each channel in turn: the catcher's may come after own
		assert.Equal(t, !giveBack, len(c.ch) == 1, "give back %v: the catcher still receives", giveBack)
		signal.Stop(c.ch)
	}
}
