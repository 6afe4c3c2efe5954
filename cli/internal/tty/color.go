// Package tty is what gitedit does to text it prints on a terminal: git's
// colours (the colour syntax of git config, the diff colour slots and the
// highlighting of whitespace errors, as git's color.c, diff.c and ws.c do
// them); every piece of text it colours is escaped first with
// quote.Printable, the product's one escaping rule. It is pure text work:
// deciding whether the output is a terminal is the caller's business.
package tty

import (
	"fmt"
	"strconv"
	"strings"
)

// Reset is the escape sequence that ends a coloured span.
const Reset = "\033[m"

// colorNames are the ANSI colours in the order of their codes.
var colorNames = []string{"black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"}

// attrs are the attributes of git's colour syntax: their code and the code
// that turns them off (the "no" or "no-" prefix).
var attrs = []struct {
	name    string
	on, off int
}{
	{"bold", 1, 22}, {"dim", 2, 22}, {"italic", 3, 23}, {"ul", 4, 24},
	{"blink", 5, 25}, {"reverse", 7, 27}, {"strike", 9, 29},
}

// color is one parsed foreground or background colour; codes holds its
// SGR parameters for the foreground (the background adds 10 to the basic
// and bright codes, or starts with 48 instead of 38).
type color struct {
	set    bool
	normal bool
	basic  int    // 30-37, 39 (default) or 90-97; 0 when ext is used
	ext    string // "5;N" or "2;R;G;B" after 38/48
}

// Parse converts a colour written in git's syntax ("bold red", "ul #ff0000
// 236", "reset", "") into the ANSI escape sequence git would print, as
// git's color_parse does: at most a foreground then a background colour
// (names, "bright" names, "default", "normal", 0-255, #rrggbb) and any
// attributes (bold, dim, italic, ul, blink, reverse, strike, each with a
// "no" or "no-" prefix to turn it off) and "reset", in any order.
func Parse(value string) (string, error) {
	v := strings.TrimSpace(value)
	if v == "" {
		return "", nil
	}
	var fg, bg color
	var on [30]bool
	reset := false
	for _, word := range strings.Fields(v) {
		if strings.EqualFold(word, "reset") {
			reset = true
			continue
		}
		if c, ok := parseColor(word); ok {
			switch {
			case !fg.set:
				fg = c
			case !bg.set:
				bg = c
			default:
				return "", fmt.Errorf("invalid color value: %s", value)
			}
			continue
		}
		code, ok := parseAttr(word)
		if !ok {
			return "", fmt.Errorf("invalid color value: %s", value)
		}
		on[code] = true
	}
	return sequence(reset, on, fg, bg), nil
}

// sequence writes the SGR sequence of a reset (an empty first parameter),
// the attributes (in code order) and the colours, or "" when there is
// nothing to set.
func sequence(reset bool, on [30]bool, fg, bg color) string {
	var parts []string
	if reset {
		parts = append(parts, "")
	}
	for code, set := range on {
		if set {
			parts = append(parts, strconv.Itoa(code))
		}
	}
	if p := fg.param(false); p != "" {
		parts = append(parts, p)
	}
	if p := bg.param(true); p != "" {
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return ""
	}
	return "\033[" + strings.Join(parts, ";") + "m"
}

// param is the SGR parameter of c as a foreground or background colour.
func (c color) param(background bool) string {
	switch {
	case !c.set || c.normal:
		return ""
	case c.ext != "" && background:
		return "48;" + c.ext
	case c.ext != "":
		return "38;" + c.ext
	case background:
		return strconv.Itoa(c.basic + 10)
	}
	return strconv.Itoa(c.basic)
}

// parseColor parses one colour word, as git's parse_color.
func parseColor(word string) (color, bool) {
	lower := strings.ToLower(word)
	switch {
	case lower == "normal":
		return color{set: true, normal: true}, true
	case lower == "default":
		return color{set: true, basic: 39}, true
	case len(word) == 7 && word[0] == '#':
		return hexColor(word[1:])
	}
	name, offset := lower, 30
	if rest, ok := strings.CutPrefix(lower, "bright"); ok {
		name, offset = rest, 90
	}
	for i, n := range colorNames {
		if name == n {
			return color{set: true, basic: offset + i}, true
		}
	}
	return numberColor(word)
}

// hexColor parses the six hex digits of #rrggbb.
func hexColor(hex string) (color, bool) {
	var rgb [3]int
	for i := range rgb {
		n, err := strconv.ParseUint(hex[2*i:2*i+2], 16, 8)
		if err != nil {
			return color{}, false
		}
		rgb[i] = int(n)
	}
	return color{set: true, ext: fmt.Sprintf("2;%d;%d;%d", rgb[0], rgb[1], rgb[2])}, true
}

// numberColor parses a 256-colour number: -1 is normal, 0-7 the basic
// colours, 8-15 the bright ones, 16-255 the extended palette.
func numberColor(word string) (color, bool) {
	n, err := strconv.Atoi(word)
	switch {
	case err != nil || n < -1 || n > 255:
		return color{}, false
	case n == -1:
		return color{set: true, normal: true}, true
	case n < 8:
		return color{set: true, basic: 30 + n}, true
	case n < 16:
		return color{set: true, basic: 90 + n - 8}, true
	}
	return color{set: true, ext: "5;" + strconv.Itoa(n)}, true
}

// parseAttr parses an attribute word (case-sensitive, as git's parse_attr)
// and returns its SGR code.
func parseAttr(word string) (int, bool) {
	name, negate := word, false
	if rest, ok := strings.CutPrefix(word, "no"); ok {
		name, negate = strings.TrimPrefix(rest, "-"), true
	}
	for _, a := range attrs {
		if a.name == name && negate {
			return a.off, true
		}
		if a.name == name {
			return a.on, true
		}
	}
	return 0, false
}
