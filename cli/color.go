package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gitedit/gitedit/cli/internal/tty"
	cli "github.com/gitedit/gitedit/cli/internal/urfavecli"
	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/gitedit"
)

// colorFlagName is the flag whose value only follows "=": --color[=WHEN].
const colorFlagName = "color"

// The values of --color and of git's colour settings.
const (
	colorAlways = "always"
	colorNever  = "never"
	colorAuto   = "auto"
)

// colorFlags are the flags of the commands that print diffs or file
// content for people.
func colorFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "color", Usage: "colour diffs as git does: `WHEN` is always, never or auto (--color alone: always)",
			DefaultText: "git config color.diff, then color.ui, else auto"},
		&cli.BoolFlag{Name: "no-color", Usage: "never colour (as --color=never)"},
	}
}

// normalizeColorFlag turns a bare --color into --color=always, as git's
// --color[=WHEN] takes its value only after "=", and --no-color into
// --color=never, so that the last of them wins, as in git.
func normalizeColorFlag(a string) string {
	switch a {
	case "--color", "-color":
		return "--color=always"
	case "--no-color", "-no-color":
		return "--color=never"
	}
	return a
}

// colorFlag returns the colour asked for on the command line ("" for
// none), checking its value as git does.
func colorFlag(c *cli.Context) (string, error) {
	if c.Bool("no-color") {
		return colorNever, nil
	}
	if !isSet(c, "color") {
		return "", nil
	}
	switch w := strings.ToLower(c.String("color")); w {
	case colorAlways, colorNever, colorAuto:
		return w, nil
	}
	return "", usagef("--color %q: expected always, never or auto", c.String("color"))
}

// colorConfig returns git's colour setting for diffs: color.diff, else
// color.ui, read as git's git_config_colorbool ("" when neither is set).
func colorConfig(repo *gitedit.Repo) (string, error) {
	for _, key := range []string{"color.diff", "color.ui"} {
		v, set := repo.Config(key)
		if !set {
			continue
		}
		switch w := strings.ToLower(v); w {
		case colorAlways, colorNever, colorAuto:
			return w, nil
		}
		on, _, err := repo.ConfigBool(key)
		if err != nil {
			return "", err
		}
		if on {
			return colorAuto, nil // any true value means auto
		}
		return colorNever, nil
	}
	return "", nil
}

// wantColor decides whether stdout gets colours: --color/--no-color, then
// NO_COLOR (set and not empty: never), then git config, else auto; auto
// colours a terminal whose TERM is set and not "dumb", as git does.
func wantColor(flag, config string, stdout io.Writer) bool {
	when := flag
	if when == "" && os.Getenv("NO_COLOR") != "" {
		when = colorNever
	}
	if when == "" {
		when = config
	}
	switch when {
	case colorAlways:
		return true
	case colorNever:
		return false
	}
	term := os.Getenv("TERM")
	return isTerminal(stdout) && term != "" && term != "dumb"
}

// palette reads git's diff colours (color.diff.<slot>) and whitespace
// rules (core.whitespace) from the repository's config.
func palette(repo *gitedit.Repo) (tty.Palette, error) {
	p := tty.DefaultPalette()
	for _, slot := range tty.Slots {
		key := "color.diff." + slot
		v, set := repo.Config(key)
		if !set {
			continue
		}
		if _, err := p.Set(slot, v); err != nil {
			return p, &gitedit.Error{Code: gitedit.CodeInvalidInput, Message: fmt.Sprintf("config %s: %v", key, err)}
		}
	}
	if v, set := repo.Config("core.whitespace"); set {
		p.WS = tty.ParseWhitespace(v)
	}
	return p, nil
}

// termWriter writes text for a terminal line by line: control characters
// from content escaped, and, with a painter, diffs coloured as git colours
// them.
type termWriter struct {
	w       io.Writer
	painter *tty.Painter
	buf     []byte
}

// Write passes on every complete line and keeps the rest for later.
func (t *termWriter) Write(b []byte) (int, error) {
	t.buf = append(t.buf, b...)
	for {
		i := bytes.IndexByte(t.buf, '\n')
		if i < 0 {
			return len(b), nil
		}
		line := string(t.buf[:i])
		t.buf = t.buf[i+1:]
		if _, err := io.WriteString(t.w, t.line(line)+"\n"); err != nil {
			return len(b), err
		}
	}
}

// line escapes, and colours when asked, one line.
func (t *termWriter) line(s string) string {
	if t.painter == nil {
		return quote.Printable(s)
	}
	return t.painter.Line(s)
}

// Flush writes what is left after the last newline.
func (t *termWriter) Flush() error {
	if len(t.buf) == 0 {
		return nil
	}
	_, err := io.WriteString(t.w, t.line(string(t.buf)))
	t.buf = nil
	return err
}
