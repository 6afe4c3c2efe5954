package recipe

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// recipeFiles is a small Go tree for the run tests.
func recipeFiles() map[string]string {
	return map[string]string{
		"main.go":          "package main\n\nfunc main() { FetchUser(1); FetchUser(2) }\n",
		"pkg/user.go":      "package pkg\n\nfunc f() error { return errors.Wrap(err, \"load user\") }\n",
		"pkg/other.go":     "package pkg\n\nvar x = 1\n",
		"vendor/v/v.go":    "package v\n\nfunc g() { FetchUser(3) }\n",
		"docs/notes.md":    "FetchUser( is documented here\n",
		"pkg/user_test.go": "package pkg\n\nfunc t() { FetchUser(4) }\n",
	}
}

// renameRecipe is testdata/recipe/rename.yaml.
func renameRecipe(t *testing.T) []spec.Recipe {
	t.Helper()
	rs, err := Load("testdata/rename.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// withIdentity sets the commit identity for commit-mode runs.
func withIdentity(t *testing.T) {
	t.Setenv("GIT_AUTHOR_NAME", fixtures.Name)
	t.Setenv("GIT_AUTHOR_EMAIL", fixtures.Email)
	t.Setenv("GIT_COMMITTER_NAME", fixtures.Name)
	t.Setenv("GIT_COMMITTER_EMAIL", fixtures.Email)
}

// readFile returns the content of a file of dir.
func readFile(t *testing.T, dir, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// changedPaths lists the result's file paths, sorted.
func changedPaths(res *spec.RunResult) []string {
	var out []string
	for _, f := range res.Files {
		out = append(out, f.FilePath)
	}
	sort.Strings(out)
	return out
}

func TestRunLiteralAndRegexItems(t *testing.T) {
	dir := fixtures.NewRepo(t, recipeFiles())
	res, err := Run(context.Background(), openRepo(t, dir), spec.RunRequest{Recipes: renameRecipe(t)}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"main.go":          "package main\n\nfunc main() { LoadUser(1); LoadUser(2) }\n",
		"pkg/user.go":      "package pkg\n\nfunc f() error { return fmt.Errorf(\"load user: %w\", err) }\n",
		"pkg/user_test.go": "package pkg\n\nfunc t() { LoadUser(4) }\n",
		"vendor/v/v.go":    recipeFiles()["vendor/v/v.go"],
		"docs/notes.md":    recipeFiles()["docs/notes.md"],
	}
	for rel, content := range want {
		if got := readFile(t, dir, rel); got != content {
			t.Errorf("%s = %q, want %q", rel, got, content)
		}
	}
	if got := fixtures.Git(t, dir, "status", "--porcelain"); got != "M  main.go\nM  pkg/user.go\nM  pkg/user_test.go\n" {
		t.Errorf("git status = %q, want the three files staged and clean in the working tree", got)
	}
	if res.Replacements != 4 || res.EditsApplied != 3 || !res.Changed || res.Scanned != 4 {
		t.Errorf("result = %+v, want 4 replacements, 3 applications, 4 files scanned", res)
	}
	if st := res.Recipes[0]; st.Files != 3 || st.Replacements != 4 {
		t.Errorf("recipe stat = %+v", st)
	}
}

func TestRunGlobsAndNegations(t *testing.T) {
	tests := []struct {
		files []string
		want  []string
	}{
		{[]string{"**/*.go", "!vendor/**"}, []string{"main.go", "pkg/user_test.go"}},
		{[]string{"**/*.go", "!vendor/**", "!**/*_test.go"}, []string{"main.go"}},
		{[]string{"**/*.go"}, []string{"main.go", "pkg/user_test.go", "vendor/v/v.go"}},
		{[]string{"*.go"}, []string{"main.go"}},
		{[]string{"!**/*.go"}, []string{"docs/notes.md"}},
		{nil, []string{"docs/notes.md", "main.go", "pkg/user_test.go", "vendor/v/v.go"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.files, ","), func(t *testing.T) {
			dir := fixtures.NewRepo(t, recipeFiles())
			rc := spec.Recipe{Name: "r", Files: tt.files, Edits: []spec.RecipeEdit{{OldString: "FetchUser(", NewString: "LoadUser(", ReplaceAll: true}}}
			res, err := Run(context.Background(), openRepo(t, dir), spec.RunRequest{Recipes: []spec.Recipe{rc}}, spec.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := changedPaths(res); strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("changed %v, want %v", got, tt.want)
			}
			if got := strings.Fields(fixtures.Git(t, dir, "diff", "--cached", "--name-only")); strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("git diff --cached: %v, want %v", got, tt.want)
			}
		})
	}
}

func TestRunExplicitPaths(t *testing.T) {
	dir := fixtures.NewRepo(t, recipeFiles())
	fixtures.WriteFiles(t, dir, map[string]string{"untracked.go": "FetchUser(9)\n"})
	req := spec.RunRequest{Recipes: renameRecipe(t), Paths: []string{
		filepath.Join(dir, "main.go"), "docs/notes.md", "vendor/v/v.go", "untracked.go", "main.go"}}
	t.Chdir(dir)
	res, err := Run(context.Background(), openRepo(t, dir), req, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// docs/notes.md and vendor/ are out of the globs; untracked.go is counted.
	if got := changedPaths(res); strings.Join(got, " ") != "main.go" {
		t.Errorf("changed %v, want [main.go]", got)
	}
	if res.Scanned != 1 || res.Skipped.Untracked != 1 {
		t.Errorf("scanned %d, skipped %+v; want 1 scanned, 1 untracked", res.Scanned, res.Skipped)
	}
	if got := readFile(t, dir, "untracked.go"); got != "FetchUser(9)\n" {
		t.Errorf("untracked file changed: %q", got)
	}
}

func TestRunExplicitFolders(t *testing.T) {
	tests := []struct {
		paths []string
		want  string
	}{
		{[]string{"pkg"}, "pkg/user.go pkg/user_test.go"},
		{[]string{"pkg/"}, "pkg/user.go pkg/user_test.go"},
		{[]string{"."}, "main.go pkg/user.go pkg/user_test.go"},
		{[]string{"pk"}, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.paths, ","), func(t *testing.T) {
			dir := fixtures.NewRepo(t, recipeFiles())
			res, err := Run(context.Background(), openRepo(t, dir), spec.RunRequest{Recipes: renameRecipe(t), Paths: tt.paths}, spec.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(changedPaths(res), " "); got != tt.want {
				t.Errorf("changed %q, want %q", got, tt.want)
			}
		})
	}
}

func TestRunProgressReachesTotal(t *testing.T) {
	dir := fixtures.NewRepo(t, recipeFiles())
	var last spec.RunProgress
	calls := 0
	req := spec.RunRequest{Recipes: renameRecipe(t), Check: true, Progress: func(p spec.RunProgress) { last = p; calls++ }}
	res, err := Run(context.Background(), openRepo(t, dir), req, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if calls == 0 || last.Done != res.Scanned || last.Total != res.Scanned {
		t.Errorf("progress %+v after %d calls, want %d of %d", last, calls, res.Scanned, res.Scanned)
	}
}

func TestRunSkipsBinaryFilteredAndMissing(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{
		".gitattributes": "*.lfs filter=lfs\n",
		"a.txt":          "old\n",
		"blob.bin":       "old\x00\x01\n",
		"big.lfs":        "old\n",
		"gone.txt":       "old\n",
	})
	if err := os.Remove(filepath.Join(dir, "gone.txt")); err != nil {
		t.Fatal(err)
	}
	rc := spec.Recipe{Name: "r", Edits: []spec.RecipeEdit{{OldString: "old", NewString: "new"}}}
	res, err := Run(context.Background(), openRepo(t, dir), spec.RunRequest{Recipes: []spec.Recipe{rc}}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := spec.Skipped{Binary: 1, Filtered: 1, Missing: 1}
	if res.Skipped != want || strings.Join(changedPaths(res), " ") != "a.txt" {
		t.Errorf("skipped %+v, changed %v; want %+v and [a.txt]", res.Skipped, changedPaths(res), want)
	}
	if readFile(t, dir, "blob.bin") != "old\x00\x01\n" || readFile(t, dir, "big.lfs") != "old\n" {
		t.Error("a skipped file was written")
	}
}

func TestRunCheckWritesNothing(t *testing.T) {
	tests := []struct {
		name    string
		old     string
		changed bool
	}{
		{"would change", "FetchUser(", true},
		{"up to date", "NoSuchCall(", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := fixtures.NewRepo(t, recipeFiles())
			before := gitState(t, dir)
			rc := spec.Recipe{Name: "r", Files: []string{"**/*.go"}, Edits: []spec.RecipeEdit{{OldString: tt.old, NewString: "X(", ReplaceAll: true}}}
			res, err := Run(context.Background(), openRepo(t, dir), spec.RunRequest{Recipes: []spec.Recipe{rc}, Check: true}, spec.Options{Commit: true})
			if err != nil {
				t.Fatal(err)
			}
			if res.Changed != tt.changed || !res.Check || !res.DryRun || res.Commit != nil {
				t.Errorf("changed=%v check=%v dry=%v commit=%v; want changed=%v, a check without commit", res.Changed, res.Check, res.DryRun, res.Commit, tt.changed)
			}
			if tt.changed && !strings.Contains(res.Diff, "+func main() { X(1); X(2) }") {
				t.Errorf("diff does not show the change:\n%s", res.Diff)
			}
			if after := gitState(t, dir); after != before {
				t.Errorf("check changed the repository:\nbefore %s\nafter %s", before, after)
			}
		})
	}
}

// trailers returns the trailers of HEAD's message as git parses them.
func trailers(t *testing.T, dir string) string {
	t.Helper()
	return fixtures.Git(t, dir, "log", "-1", "--format=%(trailers:only,unfold)")
}

func TestRunCommitsOnceWithRecipeTrailers(t *testing.T) {
	withIdentity(t)
	dir := fixtures.NewRepo(t, recipeFiles())
	base := strings.TrimSpace(fixtures.Git(t, dir, "rev-parse", "HEAD"))
	res, err := Run(context.Background(), openRepo(t, dir), spec.RunRequest{Recipes: renameRecipe(t)}, spec.Options{Commit: true})
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.TrimSpace(fixtures.Git(t, dir, "rev-list", "--count", base+"..HEAD")); n != "1" || res.Commit == nil {
		t.Fatalf("%s commits made (result commit %v), want 1", n, res.Commit)
	}
	if got := fixtures.Git(t, dir, "log", "-1", "--format=%s"); got != "Rename FetchUser to LoadUser\n" {
		t.Errorf("subject = %q", got)
	}
	tr := trailers(t, dir)
	for _, want := range []string{"Edit-Tool: recipe\n", "Edit-Recipe: rename-fetch-user\n", "Edit-File: main.go\n",
		"Edit-File: pkg/user.go\n", "Edit-Count: 3\n", "Edit-Match: exact,regex\n"} {
		if !strings.Contains(tr, want) {
			t.Errorf("trailers lack %q:\n%s", want, tr)
		}
	}
	body := fixtures.Git(t, dir, "log", "-1", "--format=%b")
	if !strings.Contains(body, "main.go: 2 replacements\n") || !strings.Contains(body, "pkg/user.go: 1 replacement\n") {
		t.Errorf("body does not list the files:\n%s", body)
	}
	assertSameTreeAsGit(t, dir, base)
	fixtures.Git(t, dir, "fsck", "--strict")
}

// assertSameTreeAsGit checks that HEAD's tree is the tree git commits
// from the same working-tree content on top of base.
func assertSameTreeAsGit(t *testing.T, dir, base string) {
	t.Helper()
	clone := filepath.Join(t.TempDir(), "clone")
	fixtures.Git(t, filepath.Dir(clone), "clone", "-q", dir, clone)
	fixtures.Git(t, clone, "reset", "-q", "--hard", base)
	for _, rel := range strings.Fields(fixtures.Git(t, dir, "ls-files")) {
		fixtures.WriteFiles(t, clone, map[string]string{rel: readFile(t, dir, rel)})
	}
	fixtures.Git(t, clone, "commit", "-q", "-am", "by git")
	want := fixtures.Git(t, clone, "rev-parse", "HEAD^{tree}")
	if got := fixtures.Git(t, dir, "rev-parse", "HEAD^{tree}"); got != want {
		t.Errorf("tree %s, git makes %s", got, want)
	}
}

func TestRunSeveralRecipesOneCommit(t *testing.T) {
	for _, file := range []string{"testdata/several.yaml", "testdata/several.json"} {
		t.Run(file, func(t *testing.T) {
			withIdentity(t)
			dir := fixtures.NewRepo(t, recipeFiles())
			abs, _ := filepath.Abs(file)
			res, err := Run(context.Background(), openRepo(t, dir), spec.RunRequest{RecipeFile: abs}, spec.Options{Commit: true})
			if err != nil {
				t.Fatal(err)
			}
			// the second recipe sees the first one's result
			if got := readFile(t, dir, "main.go"); got != "package main\n\nfunc main() { LoadUser(ctx, 1); LoadUser(ctx, 2) }\n" {
				t.Errorf("main.go = %q", got)
			}
			tr := trailers(t, dir)
			if !strings.Contains(tr, "Edit-Recipe: rename-fetch-user\nEdit-Recipe: load-user-ctx\n") {
				t.Errorf("trailers lack both recipes:\n%s", tr)
			}
			if len(res.Recipes) != 2 || res.Recipes[1].Replacements != 4 {
				t.Errorf("recipes = %+v", res.Recipes)
			}
			if n := fixtures.Git(t, dir, "rev-list", "--count", "HEAD"); n != "2\n" {
				t.Errorf("commits = %s, want initial + 1", n)
			}
		})
	}
}

func TestRunDefaultRecipeFile(t *testing.T) {
	files := recipeFiles()
	src, err := os.ReadFile("testdata/rename.yaml")
	if err != nil {
		t.Fatal(err)
	}
	files[DefaultFile] = string(src)
	dir := fixtures.NewRepo(t, files)
	res, err := Run(context.Background(), openRepo(t, dir), spec.RunRequest{}, spec.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Recipes[0].Name != "rename-fetch-user" || res.Recipes[0].Files != 3 {
		t.Errorf("recipes = %+v", res.Recipes)
	}
}

func TestRunRefusalsChangeNothing(t *testing.T) {
	two := 2
	tests := []struct {
		name string
		rc   spec.Recipe
		code spec.Code
	}{
		{"total guard", spec.Recipe{Name: "r", Files: []string{"**/*.go"}, ExpectedReplacements: &two,
			Edits: []spec.RecipeEdit{{OldString: "FetchUser(", NewString: "L(", ReplaceAll: true}}}, spec.CodeCountMismatch},
		{"ambiguous item", spec.Recipe{Name: "r", Files: []string{"main.go"},
			Edits: []spec.RecipeEdit{{OldString: "FetchUser(", NewString: "L("}}}, spec.CodeAmbiguous},
		{"invalid", spec.Recipe{Name: "r"}, spec.CodeInvalidInput},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := fixtures.NewRepo(t, recipeFiles())
			before := gitState(t, dir) + readFile(t, dir, "main.go")
			_, err := Run(context.Background(), openRepo(t, dir), spec.RunRequest{Recipes: []spec.Recipe{tt.rc}}, spec.Options{})
			if spec.CodeOf(err) != tt.code {
				t.Fatalf("err = %v, want %s", err, tt.code)
			}
			if after := gitState(t, dir) + readFile(t, dir, "main.go"); after != before {
				t.Error("a refused run changed the repository")
			}
		})
	}
}

func TestRunTotalGuardZeroPasses(t *testing.T) {
	zero := 0
	dir := fixtures.NewRepo(t, recipeFiles())
	rc := spec.Recipe{Name: "banned", ExpectedReplacements: &zero, Edits: []spec.RecipeEdit{{Regex: `panic\(`, Replace: "x("}}}
	res, err := Run(context.Background(), openRepo(t, dir), spec.RunRequest{Recipes: []spec.Recipe{rc}, Check: true}, spec.Options{})
	if err != nil || res.Changed {
		t.Errorf("res.Changed=%v err=%v, want an up-to-date check", res != nil && res.Changed, err)
	}
}

func TestRunKeepsTheCRLFOfAFile(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"w.txt": "one\r\nold call\r\ntwo\r\n"})
	rc := spec.Recipe{Name: "r", Edits: []spec.RecipeEdit{{Regex: `old (\w+)\n`, Replace: "new $1\nadded\n"}}}
	if _, err := Run(context.Background(), openRepo(t, dir), spec.RunRequest{Recipes: []spec.Recipe{rc}}, spec.Options{}); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, dir, "w.txt"); got != "one\r\nnew call\r\nadded\r\ntwo\r\n" {
		t.Errorf("w.txt = %q, want CRLF kept", got)
	}
}
