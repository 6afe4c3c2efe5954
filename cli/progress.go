package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/gitedit/gitedit/gitedit"
)

// Progress bar timing: nothing is drawn for a run shorter than
// progressDelay, and the bar is redrawn at most every progressEvery.
const (
	progressDelay = time.Second
	progressEvery = 100 * time.Millisecond
	progressWidth = 30
)

// progressBar draws the scan progress of `gitedit run` on a terminal.
type progressBar struct {
	w     io.Writer
	now   func() time.Time
	start time.Time
	last  time.Time
	drawn bool
}

// newProgressBar returns a bar drawing on w, or nil when w is not a
// terminal or JSON output was asked for (then nothing is drawn).
func newProgressBar(w io.Writer, jsonOut bool) *progressBar {
	if jsonOut || !isTerminal(w) {
		return nil
	}
	return &progressBar{w: w, now: time.Now, start: time.Now()}
}

// isTerminal reports whether w is a terminal (see terminalFile).
func isTerminal(w io.Writer) bool {
	f, ok := unwrapWriter(w).(*os.File)
	return ok && terminalFile(f)
}

// update is the RunRequest.Progress callback: once the run has lasted
// progressDelay, it redraws "scanning [====>   ] done/total files" in place.
func (b *progressBar) update(p gitedit.RunProgress) {
	now := b.now()
	if now.Sub(b.start) < progressDelay || (b.drawn && now.Sub(b.last) < progressEvery && p.Done < p.Total) {
		return
	}
	b.last, b.drawn = now, true
	fmt.Fprintf(b.w, "\rscanning [%s] %d/%d files", bar(p.Done, p.Total), p.Done, p.Total)
}

// finish clears the bar's line, if one was drawn.
func (b *progressBar) finish() {
	if b != nil && b.drawn {
		fmt.Fprintf(b.w, "\r%s\r", strings.Repeat(" ", progressWidth+40))
	}
}

// callback returns the bar's update function, or nil for no bar.
func (b *progressBar) callback() func(gitedit.RunProgress) {
	if b == nil {
		return nil
	}
	return b.update
}

// bar renders done/total as progressWidth characters.
func bar(done, total int) string {
	filled := progressWidth
	if total > 0 {
		filled = done * progressWidth / total
	}
	return strings.Repeat("=", filled) + strings.Repeat(" ", progressWidth-filled)
}
