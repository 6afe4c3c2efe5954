package patch

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// plainEnvelope is the envelope every decorated one must read as.
const plainEnvelope = "*** Begin Patch\n*** Update File: f.txt\n@@\n a\n-b\n+B\n*** End of File\n*** End Patch\n"

func TestDecoratedEnvelopeMarkersReadAsThePlainOnes(t *testing.T) {
	want, err := parseEnvelope(plainEnvelope)
	if err != nil {
		t.Fatal(err)
	}
	decorated := map[string]string{
		"stars after begin and end":  "*** Begin Patch ***\n*** Update File: f.txt\n@@\n a\n-b\n+B\n*** End of File\n*** End Patch ***\n",
		"stars without spaces":       "*** Begin Patch***\n*** Update File: f.txt\n@@\n a\n-b\n+B\n*** End of File ***\n***End Patch*****\n",
		"trailing spaces":            "*** Begin Patch   \n*** Update File: f.txt  \n@@\n a\n-b\n+B\n*** End of File \t\n*** End Patch  \n",
		"code fence":                 "```\n" + plainEnvelope + "```\n",
		"code fence with a language": "\n```diff\n\n" + plainEnvelope + "```\n\n",
		"tilde fence":                "~~~~\n" + plainEnvelope + "~~~~\n",
	}
	for name, env := range decorated {
		got, err := parseEnvelope(env)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		for i := range got {
			got[i].Line, want[i].Line = 0, 0
			for j := range got[i].Chunks {
				got[i].Chunks[j].Line, want[i].Chunks[j].Line = 0, 0
			}
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, want %+v", name, got, want)
		}
	}
}

func TestDecorationThatCouldChangeTheMeaningIsRefused(t *testing.T) {
	tests := map[string]struct{ env, want string }{
		"path of an added file": {"*** Begin Patch\n*** Add File: a.go ***\n+x\n*** End Patch\n", "line 2: the path of \"Add File\" ends in '***'"},
		"path of a move":        {"*** Begin Patch\n*** Update File: f.txt\n*** Move to: g.txt ***\n*** End Patch\n", "line 3: the path of \"Move to\" ends in '***'"},
		"fences that differ":    {"```\n" + plainEnvelope + "~~~\n", "line 10: the last line of the patch must be '*** End Patch'"},
		"envelope cut short":    {"\n\n```\n*** Begin Patch\n*** Update File: f.txt\n@@\n a\n-b\n", "line 8: the last line of the patch must be '*** End Patch' (is the patch cut short?)"},
		"line after a fence":    {"```\n*** Begin Patch\n*** Bogus\n*** End Patch\n```\n", "line 3: \"*** Bogus\" is not a valid hunk header"},
	}
	for name, tt := range tests {
		_, err := parseEnvelope(tt.env)
		if spec.CodeOf(err) != spec.CodeInvalidInput || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want invalid_input with %q", name, err, tt.want)
		}
	}
}

func TestAFencedEnvelopeIsAnEnvelope(t *testing.T) {
	if !isEnvelope("```diff\n" + plainEnvelope + "```\n") {
		t.Error("a fenced envelope is not taken for an envelope")
	}
}
