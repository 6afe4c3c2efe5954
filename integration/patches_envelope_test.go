package integration

import (
	"flag"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// envelopeSuite is the folder of the envelope conformance scenarios (see
// its README.md): each scenario is a folder with input/ (the committed
// files), patch (the "*** Begin Patch" envelope), and either expected/
// (the whole working tree after the patch) or error (the refusal's code on
// its first line, then words its message must hold). Optional: links and
// expected-links ("path -> target" lines: symbolic links before and
// after), diff (the exact diff of the JSON result).
const envelopeSuite = "testdata/envelope"

// update rewrites the golden outcome of the scenarios that apply
// (expected/, expected-links, and diff where the scenario has one) from
// what gitedit did: go test ./integration -run TestEnvelopeScenariosGiveTheirExpectedOutcome -update
// A refusal's error file is written by hand and never rewritten.
var update = flag.Bool("update", false, "rewrite the envelope scenarios' expected/, expected-links and diff")

// TestEnvelopeScenariosGiveTheirExpectedOutcome runs every scenario through `gitedit patch
// --commit --json`: an applied patch must leave exactly expected/ in the
// working tree, HEAD's tree and the index (git status clean, fsck clean);
// a refused one must give the code and change nothing at all.
func TestEnvelopeScenariosGiveTheirExpectedOutcome(t *testing.T) {
	entries, err := os.ReadDir(envelopeSuite)
	require.NoError(t, err)
	n := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		n++
		t.Run(e.Name(), func(t *testing.T) {
			t.Parallel()
			runScenario(t, filepath.Join(envelopeSuite, e.Name()))
		})
	}
	require.Greater(t, n, 20, "scenarios found")
}

// runScenario applies one scenario and checks its outcome.
func runScenario(t *testing.T, sc string) {
	dir := scenarioRepo(t, sc)
	patch := readOptional(t, sc, "patch")
	before := take(t, dir)
	beforeTree := treeOf(t, dir)
	res, r := jsonResult(t, dir, patch, "patch", "-", "--commit")
	if want := readOptional(t, sc, "error"); want != "" {
		requireRefused(t, dir, want, res, r)
		requireUnchanged(t, before, take(t, dir))
		require.Equal(t, beforeTree, treeOf(t, dir))
		return
	}
	require.Equal(t, 0, r.code, "stdout: %s\nstderr: %s", r.stdout, r.stderr)
	if *update {
		updateScenario(t, sc, treeOf(t, dir), res)
	}
	require.Equal(t, scenarioTree(t, filepath.Join(sc, "expected"), readOptional(t, sc, "expected-links")), treeOf(t, dir))
	require.Empty(t, git(t, dir, "status", "--porcelain", "--untracked-files=all"), "git status after the patch")
	requireHealthy(t, dir)
	if want, err := os.ReadFile(filepath.Join(sc, "diff")); err == nil {
		require.Equal(t, string(want), res["diff"], "the result's diff")
	}
}

// updateScenario writes tree (treeOf's form) as the scenario's expected/
// and expected-links, and the result's diff into its diff file when it
// has one.
func updateScenario(t *testing.T, sc string, tree map[string]string, res map[string]any) {
	expected := filepath.Join(sc, "expected")
	require.NoError(t, os.RemoveAll(expected))
	require.NoError(t, os.MkdirAll(expected, 0o755))
	var links []string
	for _, rel := range slices.Sorted(maps.Keys(tree)) {
		if target, ok := strings.CutPrefix(tree[rel], "symlink -> "); ok {
			links = append(links, rel+" -> "+target+"\n")
			continue
		}
		p := filepath.Join(expected, filepath.FromSlash(rel))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(tree[rel]), 0o644))
	}
	writeOrRemove(t, filepath.Join(sc, "expected-links"), strings.Join(links, ""))
	if _, err := os.Stat(filepath.Join(sc, "diff")); err == nil {
		diff, _ := res["diff"].(string)
		require.NoError(t, os.WriteFile(filepath.Join(sc, "diff"), []byte(diff), 0o644))
	}
}

// writeOrRemove writes text to path, or removes path when text is empty.
func writeOrRemove(t *testing.T, path, text string) {
	if text == "" {
		if err := os.Remove(path); err != nil && !os.IsNotExist(err) {
			require.NoError(t, err)
		}
		return
	}
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
}

// requireRefused checks a refusal against the error file: the code on its
// first line, and each further line somewhere in the message.
func requireRefused(t *testing.T, dir, want string, res map[string]any, r run) {
	lines := strings.Split(strings.TrimSpace(want), "\n")
	require.NotEqual(t, 0, r.code, "applied, expected %s: %s", lines[0], r.stdout)
	e, _ := res["error"].(map[string]any)
	require.NotNil(t, e, "stdout: %s", r.stdout)
	require.Equal(t, lines[0], e["code"], "message: %v", e["message"])
	for _, l := range lines[1:] {
		require.Contains(t, e["message"], l)
	}
}

// scenarioRepo commits a scenario's input/ (and links) in a new
// repository and returns its path.
func scenarioRepo(t *testing.T, sc string) string {
	files := map[string]string{}
	for rel, content := range readTree(t, filepath.Join(sc, "input")) {
		files[rel] = content
	}
	dir := fixtures.NewRepo(t, files)
	for link, target := range parseLinks(readOptional(t, sc, "links")) {
		p := filepath.Join(dir, filepath.FromSlash(link))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.Symlink(target, p))
	}
	if len(files) == 0 || readOptional(t, sc, "links") != "" {
		fixtures.Git(t, dir, "add", "-A")
		fixtures.Git(t, dir, "commit", "-q", "--allow-empty", "-m", "initial")
	}
	return dir
}

// scenarioTree is the expected working tree: the files of root and the
// links, in treeOf's form.
func scenarioTree(t *testing.T, root, links string) map[string]string {
	out := readTree(t, root)
	for link, target := range parseLinks(links) {
		out[link] = "symlink -> " + target
	}
	return out
}

// treeOf is the working tree of dir (".git" aside): path → content, or
// "symlink -> target" for a link.
func treeOf(t *testing.T, dir string) map[string]string {
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.IsDir() && d.Name() == ".git":
			return filepath.SkipDir
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			out[filepath.ToSlash(rel)] = "symlink -> " + target
			return err
		case d.Type().IsRegular():
			data, err := os.ReadFile(p)
			out[filepath.ToSlash(rel)] = string(data)
			return err
		}
		return nil
	})
	require.NoError(t, err)
	return out
}

// readTree reads the regular files under root (none when it is missing).
func readTree(t *testing.T, root string) map[string]string {
	if _, err := os.Stat(root); os.IsNotExist(err) {
		return map[string]string{}
	}
	return treeOf(t, root)
}

// parseLinks reads "path -> target" lines.
func parseLinks(text string) map[string]string {
	out := map[string]string{}
	for _, l := range strings.Split(text, "\n") {
		if link, target, ok := strings.Cut(l, " -> "); ok {
			out[strings.TrimSpace(link)] = strings.TrimSpace(target)
		}
	}
	return out
}

// readOptional returns a scenario file's content, or "" when it is
// missing.
func readOptional(t *testing.T, sc, name string) string {
	data, err := os.ReadFile(filepath.Join(sc, name))
	if os.IsNotExist(err) {
		return ""
	}
	require.NoError(t, err)
	return string(data)
}

// TestEnvelopeConformanceRefusalsNameTheirCode keeps the suite honest: a
// refusal's error file must name one of the error codes of docs/reference.md.
func TestEnvelopeConformanceRefusalsNameTheirCode(t *testing.T) {
	codes := "invalid_input not_found ambiguous count_mismatch hash_mismatch file_exists file_missing is_directory outside_repo binary_file dirty conflict locked not_a_repo nothing_to_undo unsupported io_error"
	files, err := filepath.Glob(filepath.Join(envelopeSuite, "*", "error"))
	require.NoError(t, err)
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		code, _, _ := strings.Cut(strings.TrimSpace(string(data)), "\n")
		require.Contains(t, strings.Fields(codes), code, f)
		_, err = os.Stat(filepath.Join(filepath.Dir(f), "expected"))
		require.True(t, os.IsNotExist(err), "%s: a refusal has no expected/ (the tree stays as input/)", f)
	}
}
