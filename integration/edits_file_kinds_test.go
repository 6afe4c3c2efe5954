package integration

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// editJSON runs one edit with --json and returns the result.
func editJSON(t *testing.T, dir, path, old, new string, extra ...string) (map[string]any, run) {
	t.Helper()
	return jsonResult(t, dir, "", append([]string{"edit", path, "--old", old, "--new", new}, extra...)...)
}

func TestSafetyOddFileContentsAreKeptOutsideTheEdit(t *testing.T) {
	cases := []struct {
		name, content, old, new, want string
	}{
		{"BOM kept", "\uFEFFalpha\nbeta\n", "alpha", "ALPHA", "\uFEFFALPHA\nbeta\n"},
		{"no final newline kept", "alpha\nbeta", "beta", "BETA", "alpha\nBETA"},
		{"no final newline, replacement ends with one", "alpha\nbeta", "beta", "BETA\n", "alpha\nBETA"},
		{"mixed endings untouched outside the edit", "a\r\nb\nc\r\n", "b", "B", "a\r\nB\nc\r\n"},
		{"invalid UTF-8 bytes kept", "caf\xe9\n\xff\xfe text\n", "text", "TEXT", "caf\xe9\n\xff\xfe TEXT\n"},
		{"empty file written whole", "", "", "now\n", "now\n"},
		{"edit to empty", "only\n", "only\n", "", ""},
		{"CR only endings", "a\rb\rc\r", "b", "B", "a\rB\rc\r"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := fixtures.NewRepo(t, map[string]string{"f.txt": tc.content})
			m, r := editJSON(t, dir, "f.txt", tc.old, tc.new, "--commit")
			require.Equal(t, 0, r.code, "%s %s", r.stdout, r.stderr)
			require.Equal(t, tc.want, read(t, dir, "f.txt"))
			requireIndexMatchesHash(t, dir, "f.txt", blobAfter(t, m))
			require.Equal(t, tc.want, fixtures.Git(t, dir, "show", "HEAD:f.txt"))
			requireClean(t, dir)
		})
	}
}

func TestSafetyExecutableBitIsKept(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"run.sh": "#!/bin/sh\necho hi\n"})
	require.NoError(t, os.Chmod(filepath.Join(dir, "run.sh"), 0o755))
	git(t, dir, "add", "run.sh")
	git(t, dir, "commit", "-q", "-m", "exec")
	ok(t, dir, "edit", "run.sh", "--old", "hi", "--new", "hello", "--commit")
	fi, err := os.Stat(filepath.Join(dir, "run.sh"))
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o755), fi.Mode().Perm())
	require.True(t, strings.HasPrefix(git(t, dir, "ls-files", "-s", "run.sh"), "100755 "))
	require.True(t, strings.HasPrefix(git(t, dir, "ls-tree", "HEAD", "run.sh"), "100755 "))
	requireClean(t, dir)
}

func TestSafetySymlinkInRepoEditsTargetAndStaysALink(t *testing.T) {
	for _, commit := range []bool{false, true} {
		dir := fixtures.NewRepo(t, map[string]string{"target.txt": "hello\n"})
		symlink(t, dir, "link.txt", "target.txt")
		git(t, dir, "add", "link.txt")
		git(t, dir, "commit", "-q", "-m", "link")
		args := []string{"edit", "link.txt", "--old", "hello", "--new", "bye", "--json"}
		if commit {
			args = append(args, "--commit")
		}
		m, r := jsonResult(t, dir, "", args...)
		require.Equal(t, 0, r.code, "%s %s", r.stdout, r.stderr)
		require.Equal(t, "target.txt", m["file_path"], "the edit names the file it changed")
		fi, err := os.Lstat(filepath.Join(dir, "link.txt"))
		require.NoError(t, err)
		require.True(t, fi.Mode()&os.ModeSymlink != 0, "the link is never replaced by a regular file")
		require.Equal(t, "bye\n", read(t, dir, "target.txt"))
		require.True(t, strings.HasPrefix(git(t, dir, "ls-files", "-s", "link.txt"), "120000 "))
		requireIndexMatchesHash(t, dir, "target.txt", blobAfter(t, m))
		if commit {
			requireClean(t, dir)
		}
		requireHealthy(t, dir)
	}
}

func TestSafetySixtyFourMegabyteFileIsEditedAndCommitted(t *testing.T) {
	skipShort(t)
	if !stress() {
		t.Skip("64 MB file: set GITEDIT_STRESS=1")
	}
	dir := fixtures.NewRepo(t, map[string]string{"huge.txt": bigFile(64 << 20)})
	m, r := editJSON(t, dir, "huge.txt", "line 500000 of", "LINE 500000 of", "--commit")
	require.Equal(t, 0, r.code, r.stderr)
	requireIndexMatchesHash(t, dir, "huge.txt", blobAfter(t, m))
	require.Equal(t, git(t, dir, "rev-parse", "HEAD:huge.txt"), blobAfter(t, m))
	requireClean(t, dir)
}

// attrCase is a repository whose conversion settings gitedit must apply
// as git does, or refuse as unsupported.
type attrCase struct {
	name   string
	config [][2]string
	attrs  string
	file   string // path of the edited file
	// content is written to the working tree after the initial commit
	// and committed with git (so git converts it as it would).
	content  string
	old, new string
	// refuse is the code gitedit must answer with ("" must succeed).
	refuse string
}

var attrCases = []attrCase{
	{name: "autocrlf true", config: [][2]string{{"core.autocrlf", "true"}}, file: "w.txt", content: "a\r\nb\r\n", old: "a", new: "A"},
	{name: "autocrlf input", config: [][2]string{{"core.autocrlf", "input"}}, file: "w.txt", content: "a\r\nb\r\n", old: "b", new: "B"},
	{name: "text eol=crlf", attrs: "*.txt text eol=crlf\n", file: "w.txt", content: "a\r\nb\r\n", old: "a\nb", new: "x\ny"},
	{name: "text eol=lf with CRLF file", attrs: "*.txt text eol=lf\n", file: "w.txt", content: "a\nb\n", old: "a", new: "A"},
	{name: "text=auto", attrs: "* text=auto\n", file: "w.txt", content: "a\r\nb\r\n", old: "a", new: "A"},
	{name: "binary attribute", attrs: "*.dat binary\n", file: "x.dat", content: "a\r\nb\r\n", old: "a", new: "A"},
	{name: "-text", attrs: "*.txt -text\n", config: [][2]string{{"core.autocrlf", "true"}}, file: "w.txt", content: "a\r\nb\r\n", old: "a", new: "A"},
	{name: "lfs filter", attrs: "*.bin filter=lfs diff=lfs merge=lfs\n", config: [][2]string{{"filter.lfs.clean", "cat"}, {"filter.lfs.smudge", "cat"}},
		file: "x.bin", content: "data\n", old: "data", new: "DATA", refuse: "unsupported"},
	{name: "undefined filter driver", attrs: "*.txt filter=nosuch\n", file: "w.txt", content: "a\n", old: "a", new: "A", refuse: "unsupported"},
	{name: "ident", attrs: "*.c ident\n", file: "x.c", content: "/* $Id$ */\nint a;\n", old: "int a;", new: "int b;", refuse: "unsupported"},
	{name: "working-tree-encoding", attrs: "*.txt working-tree-encoding=UTF-16LE\n", file: "w.txt", content: "a\x00\n\x00", old: "a", new: "A", refuse: "binary_file"},
}

// setupAttr builds the repository of an attrCase.
func setupAttr(t *testing.T, tc attrCase) string {
	t.Helper()
	files := map[string]string{"README": "x\n"}
	if tc.attrs != "" {
		files[".gitattributes"] = tc.attrs
	}
	dir := fixtures.NewRepo(t, files)
	for _, kv := range tc.config {
		git(t, dir, "config", kv[0], kv[1])
	}
	write(t, dir, tc.file, tc.content)
	git(t, dir, "add", tc.file)
	git(t, dir, "commit", "-q", "-m", "file")
	return dir
}

func TestSafetyLineEndingConversionAgreesWithGit(t *testing.T) {
	for _, tc := range attrCases {
		t.Run(tc.name, func(t *testing.T) {
			dir := setupAttr(t, tc)
			before := take(t, dir)
			m, r := editJSON(t, dir, tc.file, tc.old, tc.new, "--commit")
			requireNoPanic(t, r)
			if tc.refuse != "" {
				require.Equal(t, tc.refuse, errorCode(r), "%s %s", r.stdout, r.stderr)
				requireUnchanged(t, before, take(t, dir))
				return
			}
			require.Equal(t, 0, r.code, "%s %s", r.stdout, r.stderr)
			requireIndexMatchesHash(t, dir, tc.file, blobAfter(t, m))
			require.Equal(t, blobAfter(t, m), git(t, dir, "rev-parse", "HEAD:"+tc.file))
			requireClean(t, dir)
		})
	}
}

// indexHas reports whether the index file of dir holds an extension with
// signature sig, or has version v (sig "").
func indexHeader(t *testing.T, dir string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, ".git", "index"))
	require.NoError(t, err)
	return data
}

func TestSafetyIndexFormatsAndExtensionsSurvive(t *testing.T) {
	cases := []struct {
		name  string
		setup [][]string
		keep  func(t *testing.T, dir string)
		// fsckLikeGit: git 2.39's own fsck reports "missing tree" for a
		// sparse index after a plain git add; then fsck must report what
		// it reports after git add does the same edit.
		fsckLikeGit bool
	}{
		{"index v4", [][]string{{"update-index", "--index-version", "4"}}, func(t *testing.T, dir string) {
			require.Equal(t, []byte{0, 0, 0, 4}, indexHeader(t, dir)[4:8], "index version")
		}, false},
		{"index v2", [][]string{{"update-index", "--index-version", "2"}}, func(t *testing.T, dir string) {
			require.Equal(t, []byte{0, 0, 0, 2}, indexHeader(t, dir)[4:8], "index version")
		}, false},
		{"untracked cache", [][]string{{"config", "core.untrackedCache", "true"}, {"update-index", "--untracked-cache"}, {"status"}}, func(t *testing.T, dir string) {
			require.True(t, bytes.Contains(indexHeader(t, dir), []byte("UNTR")), "UNTR extension kept")
		}, false},
		{"split index", [][]string{{"update-index", "--split-index"}}, func(t *testing.T, dir string) {
			require.True(t, bytes.Contains(indexHeader(t, dir), []byte("link")), "link extension kept")
			shared, _ := filepath.Glob(filepath.Join(dir, ".git", "sharedindex.*"))
			require.NotEmpty(t, shared)
		}, false},
		{"skip hash", [][]string{{"config", "index.skipHash", "true"}, {"update-index", "--really-refresh"}}, func(*testing.T, string) {}, false},
		{"sparse checkout with worktreeConfig", [][]string{{"config", "extensions.worktreeConfig", "true"},
			{"sparse-checkout", "set", "--cone", "src"}}, func(t *testing.T, dir string) {
			require.NoFileExists(t, filepath.Join(dir, "docs", "d.txt"), "still sparse")
			require.Contains(t, git(t, dir, "config", "--worktree", "--get", "core.sparseCheckout"), "true")
		}, false},
		{"sparse index", [][]string{{"sparse-checkout", "set", "--cone", "--sparse-index", "src"}}, func(t *testing.T, dir string) {
			require.True(t, bytes.Contains(indexHeader(t, dir), []byte("sdir")), "sparse directory extension kept")
		}, true},
	}
	files := map[string]string{"src/a.txt": "hello\n", "docs/d.txt": "doc\n", "top.txt": "top\n"}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := fixtures.NewRepo(t, files)
			for _, args := range tc.setup {
				git(t, dir, args...)
			}
			m, r := editJSON(t, dir, "src/a.txt", "hello", "bye")
			require.Equal(t, 0, r.code, "%s %s", r.stdout, r.stderr)
			tc.keep(t, dir)
			if tc.fsckLikeGit {
				twin := fixtures.NewRepo(t, files)
				for _, args := range tc.setup {
					git(t, twin, args...)
				}
				write(t, twin, "src/a.txt", "bye\n")
				git(t, twin, "add", "src/a.txt")
				require.Equal(t, fsckReport(twin), fsckReport(dir), "fsck says what it says after git add")
			}
			requireIndexMatchesHash(t, dir, "src/a.txt", blobAfter(t, m))
			require.Equal(t, "M  src/a.txt", git(t, dir, "status", "--porcelain"))
			ok(t, dir, "edit", "top.txt", "--old", "top", "--new", "TOP", "--commit")
			tc.keep(t, dir)
			require.Equal(t, "M  src/a.txt", git(t, dir, "status", "--porcelain"), "the staged change stays staged")
			if tc.fsckLikeGit {
				require.True(t, gitOK(dir, "diff-files", "--quiet"), "no phantom changes")
				git(t, dir, "write-tree") // writes the trees fsck looks for, as git commit would
			}
			requireHealthy(t, dir)
		})
	}
}

func TestSafetySparsePathOutsideConeIsRefused(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"src/a.txt": "hello\n", "docs/d.txt": "doc\n"})
	git(t, dir, "sparse-checkout", "set", "--cone", "src")
	before := take(t, dir)
	_, r := editJSON(t, dir, "docs/d.txt", "", "new\n")
	require.Equal(t, "unsupported", errorCode(r), "%s %s", r.stdout, r.stderr)
	requireUnchanged(t, before, take(t, dir))
}

func TestSafetyUnbornRepositoryStagesFirstFile(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	m, r := editJSON(t, dir, "a.txt", "", "first\n")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "A  a.txt", git(t, dir, "status", "--porcelain"))
	requireIndexMatchesHash(t, dir, "a.txt", blobAfter(t, m))
	git(t, dir, "commit", "-q", "-m", "by git")
	requireClean(t, dir)
}

func TestSafetyDetachedHeadCommitMovesHeadOnly(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a.txt": "hello\n"})
	main := git(t, dir, "rev-parse", "main")
	mainLog := git(t, dir, "reflog", "show", "--format=%H %gs", "main")
	git(t, dir, "checkout", "-q", "--detach")
	ok(t, dir, "edit", "a.txt", "--old", "hello", "--new", "bye", "--commit")

	require.Equal(t, main, git(t, dir, "rev-parse", "main"), "the branch did not move")
	require.Equal(t, mainLog, git(t, dir, "reflog", "show", "--format=%H %gs", "main"))
	require.Equal(t, main, git(t, dir, "rev-parse", "HEAD~"))
	require.Equal(t, "HEAD", git(t, dir, "rev-parse", "--abbrev-ref", "HEAD"), "HEAD stays detached")
	require.Contains(t, git(t, dir, "reflog", "-1", "--format=%gs", "HEAD"), "commit: edit a.txt")
	requireClean(t, dir)
}

func TestSafetyUnsupportedRepositoriesAreRefused(t *testing.T) {
	cases := []struct {
		name string
		init func(t *testing.T, dir string) string // returns where to run
		code string
	}{
		{"sha256", func(t *testing.T, dir string) string {
			git(t, dir, "init", "-q", "--object-format=sha256", "-b", "main")
			write(t, dir, "a.txt", "hello\n")
			git(t, dir, "add", "a.txt")
			git(t, dir, "commit", "-q", "-m", "i")
			return dir
		}, "unsupported"},
		{"bare", func(t *testing.T, dir string) string {
			git(t, dir, "init", "-q", "--bare", "-b", "main")
			return dir
		}, "unsupported"},
		{"not a repository", func(t *testing.T, dir string) string {
			write(t, dir, "a.txt", "hello\n")
			return dir
		}, "not_a_repo"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "repo")
			require.NoError(t, os.MkdirAll(dir, 0o755))
			at := tc.init(t, dir)
			before := treeDigest(t, dir)
			for _, args := range [][]string{
				{"edit", "a.txt", "--old", "hello", "--new", "bye", "--json"},
				{"edit", "a.txt", "--old", "hello", "--new", "bye", "--json", "--commit"},
				{"edit", "new.txt", "--old", "", "--new", "x", "--json"},
			} {
				r := gitedit(t, at, "", args...)
				requireNoPanic(t, r)
				require.Equal(t, 1, r.code, "%s %s", r.stdout, r.stderr)
				require.Equal(t, tc.code, errorCode(r), r.stdout)
			}
			require.Equal(t, before, treeDigest(t, dir), "nothing under the folder changed")
		})
	}
}

// treeDigest maps every file under dir (the git directory included) to
// its sha256.
func treeDigest(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && fi.Mode().IsRegular() {
			out[p] = digestFile(t, p)
		}
		return err
	})
	require.NoError(t, err)
	return out
}

// fsckReport is git fsck --strict's output and error in dir.
func fsckReport(dir string) string {
	out, err := fixtures.RunGit(dir, "fsck", "--strict", "--no-progress", "--no-dangling")
	if err != nil {
		return out + err.Error()
	}
	return out
}
