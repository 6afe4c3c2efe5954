package cli

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/gitedit"
)

func TestProgressBarDrawsOnlyAfterTheDelay(t *testing.T) {
	var out bytes.Buffer
	clock := time.Unix(0, 0)
	b := &progressBar{w: &out, now: func() time.Time { return clock }, start: clock}

	b.update(gitedit.RunProgress{Done: 10, Total: 100})
	require.Empty(t, out.String(), "nothing before the delay")

	clock = clock.Add(1500 * time.Millisecond)
	b.update(gitedit.RunProgress{Done: 50, Total: 100})
	require.Equal(t, "\rscanning ["+strings.Repeat("=", 15)+strings.Repeat(" ", 15)+"] 50/100 files", out.String())

	out.Reset()
	b.update(gitedit.RunProgress{Done: 60, Total: 100})
	require.Empty(t, out.String(), "redraws are throttled")

	b.update(gitedit.RunProgress{Done: 100, Total: 100})
	require.Contains(t, out.String(), "100/100 files", "the last update is always drawn")

	out.Reset()
	b.finish()
	require.True(t, strings.HasPrefix(out.String(), "\r") && strings.HasSuffix(out.String(), "\r"), "finish clears the line")
}

func TestNoProgressBarOffATerminalOrWithJSON(t *testing.T) {
	require.Nil(t, newProgressBar(&bytes.Buffer{}, false))
	require.Nil(t, newProgressBar(&bytes.Buffer{}, true))
	var none *progressBar
	require.Nil(t, none.callback())
	none.finish()
}
