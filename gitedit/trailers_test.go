package gitedit

import "testing"

// TestRequestPathReversesTrailerPath reads back every path the messages
// write.
func TestRequestPathReversesTrailerPath(t *testing.T) {
	for _, p := range []string{"src/a.go", "dir/a b.go", " lead", `we"ird name `, "new\nline", "tab\tname", "é.go", `back\slash`, "\x7fdel", "caf\xe9.txt"} {
		if got := requestPath(trailerPath(p)); got != p {
			t.Errorf("requestPath(trailerPath(%q)) = %q", p, got)
		}
	}
}
