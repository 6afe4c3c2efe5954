package batch

import (
	"strings"
	"testing"
)

func TestHookOutputKeepsItsEnd(t *testing.T) {
	var o hookOutput
	chunk := strings.Repeat("x", 1000) + "\n"
	for i := 0; i < 3000; i++ {
		o.Write([]byte(chunk))
	}
	o.Write([]byte("the end\x1b[0m\n"))
	if o.Len() > maxHookOutput {
		t.Fatalf("kept %d bytes", o.Len())
	}
	tail := o.tail()
	if !strings.HasSuffix(tail, "the end^[[0m") || len(tail) > maxHookTail+100 {
		t.Errorf("tail = …%q (%d bytes)", tail[max(0, len(tail)-40):], len(tail))
	}
}

func TestCheckHookMessage(t *testing.T) {
	orig := "subject\n\nbody\n\nEdit-Tool: edit\nEdit-Count: 1\n"
	for msg, ok := range map[string]bool{
		orig: true,
		"[X] subject\n\nbody\n\nEdit-Tool: edit\nEdit-Count: 1\nChange-Id: I1\n": true,
		"subject\n\nEdit-Tool: edit\nEdit-Count: 1\n\nSee: also\n":               false,
		"subject\n\nEdit-Tool: edit\n":                                           false,
		"":                                                                       false,
	} {
		_, err := checkHookMessage(orig, msg)
		if (err == nil) != ok {
			t.Errorf("checkHookMessage(%q) = %v", msg, err)
		}
	}
}
