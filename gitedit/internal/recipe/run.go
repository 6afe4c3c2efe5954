package recipe

import (
	"context"
	"path/filepath"
	"sort"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/batch"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// TrailerLimit is the number of touched files above which a recipe
// commit carries one Edit-Files count instead of three trailers per file
// (the body still lists every file).
const TrailerLimit = 100

// Run applies recipes to the tracked files they select as one atomic
// batch (one commit with opt.Commit, Edit-Tool: recipe and an
// Edit-Recipe trailer per recipe that changed something). Files are
// scanned in parallel with a literal prefilter; binary, filtered and
// missing files are skipped and counted. An item that finds nothing in a
// file is skipped there; any other item failure (ambiguous,
// count_mismatch), a recipe's expected_replacements total not met, or a
// refused batch (dirty, conflict, locked) changes nothing. r is the
// opened repository; Run works on its per-operation copy
// (repo.Repo.ForOperation).
func Run(ctx context.Context, r *repo.Repo, req spec.RunRequest, opt spec.Options) (*spec.RunResult, error) {
	if err := r.NeedWorkTree(); err != nil {
		return nil, err
	}
	r = r.ForOperation()
	rs, err := runRecipes(ctx, r, req)
	if err != nil {
		return nil, err
	}
	memo := loadScanMemo(r, rs) // read while the index is
	sc, err := batch.Traced("scope", func() (*runFiles, error) { return runScope(r, rs, req.Paths) })
	if err != nil {
		<-memo
		return nil, err
	}
	var tally scanTally
	outs, err := batch.Traced("scan", func() (outs []*fileOutcome, err error) {
		outs, tally, err = scanScope(ctx, r, rs, sc, <-memo, req.Progress)
		return outs, err
	})
	if err != nil {
		return nil, err
	}
	opt = opt.ForRequest(req.Check, "")
	rb := &recipeBatch{rs: rs, outs: outs, opt: opt}
	out, err := batch.Run(ctx, r, opt, rb.plan, batch.WithIndex(sc.idx))
	if err != nil {
		return nil, err
	}
	return rb.result(out, req, len(sc.files), tally), nil
}

// scanScope scans the files of sc with the scan cache, which it saves
// when the scan taught it something (in check mode too: the cache is not
// part of the repository, as git status refreshing the index is not a
// change).
func scanScope(ctx context.Context, r *repo.Repo, rs recipeSet, sc *runFiles, loaded memoLoad, progress func(spec.RunProgress)) ([]*fileOutcome, scanTally, error) {
	memo, err := loaded.memo, loaded.err
	if err != nil {
		return nil, scanTally{}, err
	}
	outs, tally, err := scan(ctx, r, rs, memo, sc.files, progress)
	if err != nil {
		return nil, scanTally{}, err
	}
	memo.save(r, sc.tracked)
	tally.skipped.Untracked = sc.untracked
	return outs, tally, nil
}

// runRecipes returns the compiled recipes of req.
func runRecipes(ctx context.Context, r *repo.Repo, req spec.RunRequest) (recipeSet, error) {
	recipes := req.Recipes
	if len(recipes) == 0 {
		path := filepath.Join(r.WorkTree(), DefaultFile)
		if req.RecipeFile != "" {
			path = repo.AbsFrom(r.Dir(), req.RecipeFile)
		}
		var err error
		if recipes, err = LoadContext(ctx, path); err != nil {
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
func runScope(r *repo.Repo, rs recipeSet, paths []string) (*runFiles, error) {
	idx, err := r.ReadIndex()
	if err != nil {
		return nil, err
	}
	sc := &runFiles{tracked: trackedFiles(idx), idx: idx}
	candidates := sc.tracked
	if len(paths) > 0 {
		if candidates, sc.untracked, err = explicitFiles(r, sc.tracked, paths); err != nil {
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
func explicitFiles(r *repo.Repo, all []string, paths []string) ([]string, int, error) {
	seen := map[string]bool{}
	var files []string
	untracked := 0
	for _, p := range paths {
		rel, err := explicitRel(r, p)
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
func explicitRel(r *repo.Repo, p string) (string, error) {
	rel, _, err := r.ResolvePath(p)
	if spec.CodeOf(err) == spec.CodeIsDirectory { // resolvePath's verdict on the top folder
		return "", nil
	}
	if err != nil {
		return "", spec.WithPath(err, p)
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
