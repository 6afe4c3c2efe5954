package gitedit

import (
	"context"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/index"
)

// recipeTrailerLimit is the number of touched files above which a recipe
// commit carries one Edit-Files count instead of three trailers per file
// (the body still lists every file).
const recipeTrailerLimit = 100

// RunRequest is `gitedit run` (issue 7): recipes applied to tracked files
// as one atomic batch.
type RunRequest struct {
	// Recipes, when not empty, are used as given; otherwise RecipeFile is
	// loaded (relative to the folder the repository was opened from, as
	// paths are, or absolute), and when
	// that is empty too, .gitedit.yaml at the root of the working tree.
	Recipes    []Recipe
	RecipeFile string
	// Paths, when not empty, narrow the scope to these files (relative to
	// the current directory, or absolute), as pre-commit passes them; the
	// recipes' globs still apply. Paths that are not tracked regular files
	// are skipped and counted. Empty: every tracked file.
	Paths []string
	// Check computes everything and writes nothing (no file, object,
	// index entry or ref); RunResult.Changed tells whether anything would
	// change (CI and pre-commit exit 1 then).
	Check bool
	// Progress, when set, is called from one goroutine as files are
	// scanned (every few hundred files and at the end); the caller
	// decides whether to draw anything.
	Progress func(RunProgress) `json:"-"`
}

// RunResult is the outcome of a run: the docs/reference.md#results result (files, diff,
// counts, commit) with the recipe statistics added; its JSON form is the
// --json output. Changed with Check set means "would change".
type RunResult struct {
	Result
	// Check echoes RunRequest.Check.
	Check bool `json:"check"`
	// Recipes has one entry per recipe, in order.
	Recipes []RecipeStat `json:"recipes"`
	// Scanned is the number of files in scope: read, or decided from the
	// scan cache.
	Scanned int `json:"files_scanned"`
	// FromCache is the number of scanned files decided from the scan
	// cache without being read (their stat data unchanged since a scan
	// that found them binary or without the needles).
	FromCache int `json:"files_from_cache"`
	// Skipped counts the files in scope left alone.
	Skipped Skipped `json:"skipped"`
}

// RecipeStat is what one recipe did.
type RecipeStat struct {
	Name         string `json:"name"`
	Files        int    `json:"files"`
	Replacements int    `json:"replacements"`
}

// Run applies recipes to the tracked files they select as one atomic
// batch (one commit with opt.Commit, Edit-Tool: recipe and an
// Edit-Recipe trailer per recipe that changed something). Files are
// scanned in parallel with a literal prefilter; binary, filtered and
// missing files are skipped and counted. An item that finds nothing in a
// file is skipped there; any other item failure (ambiguous,
// count_mismatch), a recipe's expected_replacements total not met, or a
// refused batch (dirty, conflict, locked) changes nothing.
func (r *Repo) Run(ctx context.Context, req RunRequest, opt Options) (*RunResult, error) {
	r = r.forOperation()
	rs, err := r.runRecipes(req)
	if err != nil {
		return nil, err
	}
	memo := r.loadScanMemo(rs) // read while the index is
	sc, err := traced("scope", func() (*runFiles, error) { return r.runScope(rs, req.Paths) })
	if err != nil {
		<-memo
		return nil, err
	}
	var tally scanTally
	outs, err := traced("scan", func() (outs []*fileOutcome, err error) {
		outs, tally, err = r.scanScope(ctx, rs, sc, <-memo, req.Progress)
		return outs, err
	})
	if err != nil {
		return nil, err
	}
	opt.DryRun = opt.DryRun || req.Check
	rb := &recipeBatch{r: r, rs: rs, outs: outs, opt: opt}
	out, err := r.runBatchOver(ctx, opt, sc.idx, rb.fn)
	if err != nil {
		return nil, err
	}
	return rb.result(out, req, len(sc.files), tally), nil
}

// scanScope scans the files of sc with the scan cache, which it saves
// when the scan taught it something (in check mode too: the cache is not
// part of the repository, as git status refreshing the index is not a
// change).
func (r *Repo) scanScope(ctx context.Context, rs recipeSet, sc *runFiles, loaded memoLoad, progress func(RunProgress)) ([]*fileOutcome, scanTally, error) {
	memo, err := loaded.memo, loaded.err
	if err != nil {
		return nil, scanTally{}, err
	}
	outs, tally, err := r.scan(ctx, rs, memo, sc.files, progress)
	if err != nil {
		return nil, scanTally{}, err
	}
	memo.save(r, sc.tracked)
	tally.skipped.Untracked = sc.untracked
	return outs, tally, nil
}

// runRecipes returns the compiled recipes of req.
func (r *Repo) runRecipes(req RunRequest) (recipeSet, error) {
	recipes := req.Recipes
	if len(recipes) == 0 {
		path := filepath.Join(r.workTree, DefaultRecipeFile)
		if req.RecipeFile != "" {
			path = absFrom(r.dir, req.RecipeFile)
		}
		var err error
		if recipes, err = LoadRecipes(path); err != nil {
			return nil, err
		}
	}
	return compileRecipes(recipes)
}

// runFiles is a run's scope.
type runFiles struct {
	// files are the tracked regular files (or the explicit paths that
	// are) that some recipe selects.
	files []string
	// tracked are all the tracked regular files.
	tracked []string
	// untracked counts the explicit paths that select no tracked file.
	untracked int
	// idx is the index the scope was read from (unmodified), which the
	// batch reuses when the file has not changed since.
	idx *index.Index
}

// runScope lists the files to scan.
func (r *Repo) runScope(rs recipeSet, paths []string) (*runFiles, error) {
	idx, err := r.readIndex()
	if err != nil {
		return nil, err
	}
	sc := &runFiles{tracked: trackedFiles(idx), idx: idx}
	candidates := sc.tracked
	if len(paths) > 0 {
		if candidates, sc.untracked, err = r.explicitFiles(sc.tracked, paths); err != nil {
			return nil, err
		}
	}
	for _, rel := range candidates {
		if rs.inScope(rel) {
			sc.files = append(sc.files, rel)
		}
	}
	return sc, nil
}

// explicitFiles resolves the given paths, keeping the tracked regular
// files (each once, sorted); a folder stands for the tracked files below
// it. It counts the paths that select no tracked file. A path outside the
// working tree is outside_repo, as for every other command.
func (r *Repo) explicitFiles(all []string, paths []string) ([]string, int, error) {
	seen := map[string]bool{}
	var files []string
	untracked := 0
	for _, p := range paths {
		rel, err := r.explicitRel(p)
		if err != nil {
			return nil, 0, err
		}
		sel := selectTracked(all, rel)
		if len(sel) == 0 {
			untracked++
		}
		for _, f := range sel {
			if !seen[f] {
				seen[f] = true
				files = append(files, f)
			}
		}
	}
	sort.Strings(files)
	return files, untracked, nil
}

// explicitRel resolves a command-line path; the top folder is "".
func (r *Repo) explicitRel(p string) (string, error) {
	rel, _, err := r.resolvePath(p)
	if CodeOf(err) == CodeIsDirectory { // resolvePath's verdict on the top folder
		return "", nil
	}
	if err != nil {
		return "", withPath(err, p)
	}
	return rel, nil
}

// selectTracked returns the entries of all (sorted) equal to rel or below
// the folder rel ("" selects everything).
func selectTracked(all []string, rel string) []string {
	if rel == "" {
		return all
	}
	i := sort.SearchStrings(all, rel)
	if i < len(all) && all[i] == rel {
		return all[i : i+1]
	}
	prefix := rel + "/"
	i = sort.SearchStrings(all, prefix)
	j := i
	for j < len(all) && strings.HasPrefix(all[j], prefix) {
		j++
	}
	return all[i:j]
}
