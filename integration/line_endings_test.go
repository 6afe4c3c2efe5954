package integration

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// oddFiles are files whose line endings a change must not disturb: mixed
// CRLF and LF, lone CRs only (one line to git), a BOM with mixed endings.
// Each holds the word "two" once; want is the file with "two" turned into
// "TWO", every other byte as it was.
var oddFiles = []struct{ name, before, want string }{
	{"mixed.txt", "one\r\ntwo\nthree\r\nfour\nfive\r\n", "one\r\nTWO\nthree\r\nfour\nfive\r\n"},
	{"mixed-crlf-at-change.txt", "one\ntwo\r\nthree\n", "one\nTWO\r\nthree\n"},
	{"cr-only.txt", "one\rtwo\rthree\r", "one\rTWO\rthree\r"},
	{"bom.txt", "\uFEFFone\r\ntwo\nthree\r\n", "\uFEFFone\r\nTWO\nthree\r\n"},
	{"no-final-newline.txt", "one\r\ntwo\nthree", "one\r\nTWO\nthree"},
}

// TestLineEndingsKeptOnEveryPath changes "two" into "TWO" in each odd file
// through every path that writes files (edit, multiedit, git diff, plain
// unified diff, envelope, recipe run), then undoes it: the result is the
// golden content byte for byte, the undo gives back the original, and the
// result's diff is git's own diff of the change.
func TestLineEndingsKeptOnEveryPath(t *testing.T) {
	for _, f := range oddFiles {
		for _, path := range []string{"edit", "multiedit", "git diff", "unified diff", "envelope", "run"} {
			t.Run(f.name+"/"+path, func(t *testing.T) {
				dir := fixtures.NewRepo(t, map[string]string{f.name: f.before})
				patch, gitDiff := gitChange(t, dir, map[string]string{}, map[string]string{f.name: f.want})
				args, stdin := changeVia(t, dir, path, f.name, f.before, patch)
				res, r := jsonResult(t, dir, stdin, append(args, "--commit")...)
				require.Equal(t, 0, r.code, "stdout: %s\nstderr: %s", r.stdout, r.stderr)
				require.Equal(t, f.want, read(t, dir, f.name))
				require.Equal(t, gitDiff, res["diff"], "the result's diff is git's")
				require.Empty(t, git(t, dir, "status", "--porcelain"))
				ok(t, dir, "undo")
				require.Equal(t, f.before, read(t, dir, f.name), "undo")
				require.Empty(t, git(t, dir, "status", "--porcelain"))
			})
		}
	}
}

// changeVia returns the gitedit arguments and input that turn "two" into
// "TWO" in name through path; patch is git's binary-safe diff of it.
func changeVia(t *testing.T, dir, path, name, before, patch string) ([]string, string) {
	switch path {
	case "edit":
		return []string{"edit", name, "--old", "two", "--new", "TWO"}, ""
	case "multiedit":
		return []string{"multiedit", name, "--edits", "-"}, `[{"old_string": "two", "new_string": "TWO"}]`
	case "git diff":
		return []string{"patch", "-"}, patch
	case "unified diff":
		return []string{"patch", "-"}, regexp.MustCompile(`(?m)^(diff --git|index ).*\n`).ReplaceAllString(patch, "")
	case "envelope":
		return []string{"patch", "-"}, envelopeFor(name, before)
	}
	recipe, err := json.Marshal(map[string]any{"name": "upper", "files": []string{name},
		"edits": []map[string]string{{"old_string": "two", "new_string": "TWO"}}})
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "recipe.json")
	require.NoError(t, os.WriteFile(file, recipe, 0o644))
	return []string{"run", file}, ""
}

// envelopeFor is an envelope that replaces the line holding "two" (by its
// text without ending: context lines keep their own bytes).
func envelopeFor(name, before string) string {
	var line string
	for _, l := range strings.SplitAfter(strings.TrimPrefix(before, "\uFEFF"), "\n") {
		if strings.Contains(l, "two") {
			line = strings.TrimSuffix(strings.TrimSuffix(l, "\n"), "\r") // the ending, not a lone CR
			if !strings.HasSuffix(l, "\n") {
				line = l
			}
		}
	}
	return "*** Begin Patch\n*** Update File: " + name + "\n@@\n-" + line + "\n+" + strings.Replace(line, "two", "TWO", 1) + "\n*** End Patch\n"
}
