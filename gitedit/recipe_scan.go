package gitedit

import (
	"context"
	"runtime"
	"sort"
	"sync"
)

// RunProgress is a snapshot of a run's scan: Done of Total files read.
type RunProgress struct {
	Done, Total int
}

// progressEvery is how many scanned files pass between progress reports.
const progressEvery = 512

// Skipped counts the files in a run's scope that were left alone.
type Skipped struct {
	// Binary files have a NUL byte in their first 8000 bytes.
	Binary int `json:"binary"`
	// Filtered files matched a recipe but are under a clean/smudge filter
	// (LFS), working-tree-encoding or ident, which gitedit does not apply.
	Filtered int `json:"filtered"`
	// Missing files are tracked but not a regular file in the working
	// tree (deleted, or replaced by a folder or symlink).
	Missing int `json:"missing"`
	// Untracked are explicit paths that are not tracked regular files.
	Untracked int `json:"untracked"`
}

// scanResult is one worker's verdict on one file.
type scanResult struct {
	outcome *fileOutcome // non-nil when the recipes change the file
	skip    func(*Skipped)
	err     error
}

// scan reads the files in parallel (runtime.NumCPU workers), skips
// binary, missing and filtered ones, prefilters on the items' literals
// and applies the recipes in memory. It returns the outcomes of the files
// that would change, sorted by path. The first error stops the scan.
func (r *Repo) scan(ctx context.Context, rs recipeSet, files []string, progress func(RunProgress)) ([]*fileOutcome, Skipped, error) {
	dir, err := r.openScanDir()
	if err != nil {
		return nil, Skipped{}, err
	}
	defer dir.close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan string)
	results := make(chan scanResult, 64)
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for rel := range jobs {
				results <- r.scanFile(dir, rs, rel)
			}
		}()
	}
	go feed(ctx, jobs, files)
	go func() { wg.Wait(); close(results) }()
	outs, skipped, err := collect(results, len(files), progress, cancel)
	if err == nil {
		err = ctx.Err()
	}
	return outs, skipped, err
}

// feed sends the files to the workers until done or cancelled.
func feed(ctx context.Context, jobs chan<- string, files []string) {
	defer close(jobs)
	for _, f := range files {
		select {
		case jobs <- f:
		case <-ctx.Done():
			return
		}
	}
}

// collect gathers the workers' results, reporting progress; on the first
// error it cancels the scan and drains the rest.
func collect(results <-chan scanResult, total int, progress func(RunProgress), cancel func()) ([]*fileOutcome, Skipped, error) {
	var outs []*fileOutcome
	var skipped Skipped
	var firstErr error
	done := 0
	for res := range results {
		done++
		switch {
		case res.err != nil && firstErr == nil:
			firstErr = res.err
			cancel()
		case res.skip != nil:
			res.skip(&skipped)
		case res.outcome != nil:
			outs = append(outs, res.outcome)
		}
		if progress != nil && (done%progressEvery == 0 || done == total) {
			progress(RunProgress{Done: done, Total: total})
		}
	}
	sort.Slice(outs, func(i, j int) bool { return outs[i].rel < outs[j].rel })
	return outs, skipped, firstErr
}

// scanFile reads one file and applies the recipes to it in memory.
func (r *Repo) scanFile(dir scanDir, rs recipeSet, rel string) scanResult {
	content, ok, err := dir.readForScan(rel)
	switch {
	case err != nil:
		return scanResult{err: err}
	case !ok:
		return scanResult{skip: func(s *Skipped) { s.Missing++ }}
	case isBinary(content):
		return scanResult{skip: func(s *Skipped) { s.Binary++ }}
	case !rs.mayMatch(rel, content):
		return scanResult{}
	}
	return r.applyScanned(rs, rel, content)
}

// applyScanned applies the recipes to a file that passed the prefilter,
// skipping it when it is under a filter gitedit does not apply.
func (r *Repo) applyScanned(rs recipeSet, rel string, content []byte) scanResult {
	if _, err := r.crlfActionFor(rel); err != nil {
		if CodeOf(err) == CodeUnsupported {
			return scanResult{skip: func(s *Skipped) { s.Filtered++ }}
		}
		return scanResult{err: err}
	}
	o, err := rs.apply(rel, content)
	if err != nil || !o.changed() {
		return scanResult{err: err}
	}
	return scanResult{outcome: o}
}
