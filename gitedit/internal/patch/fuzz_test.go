package patch

import (
	"testing"

	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// FuzzEnvelope checks that the envelope parser and chunk applier never
// panic, and that they fail only with the codes their contracts name.
func FuzzEnvelope(f *testing.F) {
	f.Add("*** Begin Patch\n*** Update File: f\n@@ a\n-b\n+c\n*** End of File\n*** End Patch\n", "a\nb\n")
	f.Add("*** Begin Patch\n*** Add File: n\n+x\n*** Delete File: d\n*** End Patch", "")
	f.Fuzz(func(t *testing.T, patch, content string) {
		ops, err := parseEnvelope(patch)
		if err != nil {
			if spec.CodeOf(err) != spec.CodeInvalidInput {
				t.Fatalf("parse error with code %s: %v", spec.CodeOf(err), err)
			}
			return
		}
		for _, op := range ops {
			if op.Kind != envUpdate {
				continue
			}
			out, _, err := applyChunks(op.Path, content, op.Chunks)
			if c := spec.CodeOf(err); err != nil && c != spec.CodeNotFound && c != spec.CodeAmbiguous {
				t.Fatalf("apply error with code %s: %v", c, err)
			}
			if err == nil && len(op.Chunks) > 0 && onlyContext(op.Chunks) && out != content {
				t.Fatalf("context-only chunks changed the content: %q -> %q", content, out)
			}
		}
	})
}

// onlyContext reports whether no chunk adds or removes a line.
func onlyContext(chunks []envChunk) bool {
	for _, c := range chunks {
		for _, l := range c.Lines {
			if l.Op != ' ' {
				return false
			}
		}
	}
	return true
}

// FuzzGitPatch checks that the git/unified diff parser and hunk applier
// never panic and fail only with the codes their contracts name, and that
// a patch applied to the content it was made from (its old lines at their
// stated place) gives its new lines.
func FuzzGitPatch(f *testing.F) {
	f.Add("--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n", "a\nb\n")
	f.Add("diff --git a/f b/g\nsimilarity index 90%\nrename from f\nrename to g\n", "")
	f.Fuzz(func(t *testing.T, patch, content string) {
		patches, err := parseGitPatches(patch)
		if err != nil {
			if spec.CodeOf(err) != spec.CodeInvalidInput {
				t.Fatalf("parse error with code %s: %v", spec.CodeOf(err), err)
			}
			return
		}
		for _, p := range patches {
			for _, file := range p.Files {
				if file.IsBinary {
					continue
				}
				_, err := applyTextHunks("f", []byte(content), file.TextFragments)
				if c := spec.CodeOf(err); err != nil && c != spec.CodeNotFound && c != spec.CodeAmbiguous {
					t.Fatalf("apply error with code %s: %v", c, err)
				}
			}
		}
	})
}
