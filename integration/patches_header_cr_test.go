package integration

import (
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures/patchfuzz"
)

// TestHeaderLinesEndingInCRApplyAsGitApplyAppliesThem: a git diff whose
// header lines end in CRLF (pasted through a channel that turned its
// newlines into CRLF, or one line of it) names the same files, modes and
// similarity for git, which takes the CR as the blank that ends the line:
// gitedit applies it as git does (it took the CR into the file name:
// file_missing, or refused the score line). Found by the patch fuzzer.
func TestHeaderLinesEndingInCRApplyAsGitApplyAppliesThem(t *testing.T) {
	g := theRig(t)
	tried := 0
	for i, c := range g.cases {
		if c.Name != "BurntSushi+ripgrep-rename-U3.case" && c.Name != "sharkdp+bat-noeol-U0.case" && c.Name != "sharkdp+bat-new-U1.case" {
			continue
		}
		patches := map[string]string{"every line CRLF": strings.ReplaceAll(string(c.Patch), "\n", "\r\n")}
		lines := strings.SplitAfter(string(c.Patch), "\n")
		for k, l := range lines {
			if strings.HasPrefix(l, "@@") {
				break
			}
			damaged := append([]string{}, lines...)
			damaged[k] = strings.TrimSuffix(l, "\n") + "\r\n"
			patches["CR on "+strings.Fields(l)[0]+" line"] = strings.Join(damaged, "")
		}
		for what, p := range patches {
			o := g.trial(t, i, []byte(p))
			tried++
			if o.Kind != patchfuzz.AgreeApplied && o.Kind != patchfuzz.AgreeRefused {
				t.Errorf("%s, %s: %s\ngit: %s\ngitedit: %s %s\n%s", c.Name, what, o.Kind, o.Git, o.Code, o.Ours, o.Detail)
			}
		}
	}
	if tried < 10 {
		t.Fatalf("only %d patches tried: seed cases missing", tried)
	}
}
