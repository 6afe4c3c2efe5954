package batch

import "testing"

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
