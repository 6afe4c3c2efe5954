package quote

import (
	"os/exec"
	"strings"
	"testing"
)

func TestPrintableShowsControlsAsCatV(t *testing.T) {
	tests := map[string]string{
		"plain text\twith tab\n":  "plain text\twith tab\n",
		"\x1b[2J\x1b]0;pwned\x07": "^[[2J^[]0;pwned^G",
		"cr\r\n":                  "cr^M\n",
		"del\x7f nul\x00":         "del^? nul^@",
		"café ☕":                  "café ☕",
		"c1 \u009b31m":            "c1 M-BM-^[31m",
		"bad \xff\xc3":            "bad M-^?M-C",
		"nbsp\u00a0":              "nbsp\u00a0",
		"utf8 then esc é\x1b":     "utf8 then esc é^[",
	}
	for in, want := range tests {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPrintableMatchesCatVOnControlBytes(t *testing.T) {
	var in []byte
	for c := 0; c < 0x80; c++ {
		if c != '\n' {
			in = append(in, byte(c))
		}
	}
	in = append(in, 0xc2, 0x85, 0xff, '\n')
	cmd := exec.Command("cat", "-v")
	cmd.Stdin = strings.NewReader(string(in))
	want, err := cmd.Output()
	if err != nil {
		t.Skipf("cat -v: %v", err)
	}
	// cat -v also shows printable UTF-8 as M- forms; the bytes here are
	// controls, DEL, a C1 control and an invalid byte, where the two agree.
	if got := Printable(string(in)); got != string(want) {
		t.Errorf("Printable = %q, cat -v gives %q", got, want)
	}
}

// TestPrintableOfPrintableIsUnchanged: escaping twice (a hook's output
// quoted in an error message that the CLI escapes again) changes nothing
// more, and the result never holds a byte a terminal would act on.
func TestPrintableOfPrintableIsUnchanged(t *testing.T) {
	var all []byte
	for c := 0; c < 0x100; c++ {
		all = append(all, byte(c))
	}
	for _, in := range []string{string(all), "\u009b\u0085é\xc3", "\x1b[31mred\x1b[m"} {
		once := Printable(in)
		if twice := Printable(once); twice != once {
			t.Errorf("Printable(Printable(%q)) = %q, want %q", in, twice, once)
		}
		if strings.ContainsFunc(once, isControl) {
			t.Errorf("Printable(%q) = %q holds a control character", in, once)
		}
	}
}
