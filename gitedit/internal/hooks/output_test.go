package hooks

import (
	"strings"
	"testing"
)

func TestOutputKeepsItsEnd(t *testing.T) {
	var o Output
	chunk := strings.Repeat("x", 1000) + "\n"
	for i := 0; i < 3000; i++ {
		o.Write([]byte(chunk))
	}
	o.Write([]byte("the end\x1b[0m\n"))
	if o.Len() > MaxOutput {
		t.Fatalf("kept %d bytes", o.Len())
	}
	tail := o.Tail()
	if !strings.HasSuffix(tail, "the end^[[0m") || len(tail) > MaxTail+100 {
		t.Errorf("tail = …%q (%d bytes)", tail[max(0, len(tail)-40):], len(tail))
	}
}
