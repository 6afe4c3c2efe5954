package tty

import (
	"strings"

	"github.com/gitedit/gitedit/engine/quote"
)

// wsEmit colours the text of an added line (after its "+") as git's
// ws_check_emit does: whitespace errors of the rule in the whitespace
// colour, the rest in the new colour, an indentation without error
// uncoloured; each piece escaped (quote.Printable).
func (pt *Painter) wsEmit(line string) string {
	rule, set, ws := pt.p.WS, pt.p.New, pt.p.Whitespace
	var b strings.Builder
	trailing := len(line)
	if rule.BlankAtEOL {
		trailing = len(strings.TrimRight(line, " \t\n\v\f\r"))
	}
	written, i := 0, 0
	for ; i < trailing; i++ {
		if line[i] == ' ' {
			continue
		}
		if line[i] != '\t' {
			break
		}
		switch {
		case rule.SpaceBeforeTab && written < i:
			b.WriteString(ws + line[written:i] + Reset + "\t")
		case rule.TabInIndent:
			b.WriteString(line[written:i] + ws + "\t" + Reset)
		default:
			b.WriteString(line[written : i+1])
		}
		written = i + 1
	}
	if rule.IndentWithNonTab && i-written >= rule.TabWidth {
		b.WriteString(ws + line[written:i] + Reset)
		written = i
	}
	if trailing > written {
		b.WriteString(set + quote.Printable(line[written:trailing]) + Reset)
	}
	if trailing < len(line) {
		b.WriteString(ws + quote.Printable(line[trailing:]) + Reset)
	}
	return b.String()
}
