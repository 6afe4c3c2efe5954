package recipe

import (
	"context"
	"runtime"
	"sort"
	"sync"

	"github.com/gitedit/gitedit/gitedit/internal/repo"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// progressEvery is how many scanned files pass between progress reports.
const progressEvery = 512

// scanResult is one worker's verdict on one file.
type scanResult struct {
	outcome *fileOutcome // non-nil when the recipes change the file
	skip    func(*spec.Skipped)
	err     error
	cached  bool // decided from the scan cache without reading
}

// scanTally is what a scan found besides the changing files.
type scanTally struct {
	skipped spec.Skipped
	cached  int // files decided from the scan cache
}

// scan reads the files in parallel (runtime.NumCPU workers), skips
// binary, missing and filtered ones, prefilters on the items' literals
// and applies the recipes in memory; with a scan cache (memo), files it
// vouches for are decided without being read, and what reading taught is
// recorded. It returns the outcomes of the files that would change,
// sorted by path. The first error stops the scan.
func scan(ctx context.Context, r *repo.Repo, rs recipeSet, memo *scanMemo, files []string, progress func(spec.RunProgress)) ([]*fileOutcome, scanTally, error) {
	dir, err := openScanDir(r)
	if err != nil {
		return nil, scanTally{}, err
	}
	defer dir.close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	memo.index(files)
	jobs := make(chan scanJob)
	results := make(chan []scanResult, runtime.NumCPU())
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for job := range jobs {
				out := make([]scanResult, len(job.files))
				for i, rel := range job.files {
					out[i] = scanFile(r, dir, rs, memo, job.start+i, rel)
				}
				results <- out
			}
		}()
	}
	go feed(ctx, jobs, files)
	go func() { wg.Wait(); close(results) }()
	outs, tally, err := collect(results, len(files), progress, cancel)
	if err == nil {
		err = ctx.Err()
	}
	return outs, tally, err
}

// scanChunk is how many files a worker takes at a time: enough to make
// the hand-over cheap beside a file's system calls, few enough to spread
// the work evenly and report progress often.
const scanChunk = 128

// scanJob is a chunk of the files to scan, starting at files[start].
type scanJob struct {
	start int
	files []string
}

// feed sends the files to the workers in chunks until done or cancelled.
func feed(ctx context.Context, jobs chan<- scanJob, files []string) {
	defer close(jobs)
	for start := 0; start < len(files); start += scanChunk {
		select {
		case jobs <- scanJob{start, files[start:min(start+scanChunk, len(files))]}:
		case <-ctx.Done():
			return
		}
	}
}

// collect gathers the workers' results, reporting progress; on the first
// error it cancels the scan and drains the rest.
func collect(results <-chan []scanResult, total int, progress func(spec.RunProgress), cancel func()) ([]*fileOutcome, scanTally, error) {
	var outs []*fileOutcome
	var tally scanTally
	var firstErr error
	done, reported := 0, 0
	for chunk := range results {
		for _, res := range chunk {
			if err := tally.add(res, &outs); err != nil && firstErr == nil {
				firstErr = err
				cancel()
			}
		}
		done += len(chunk)
		if progress != nil && (done-reported >= progressEvery || done == total) {
			progress(spec.RunProgress{Done: done, Total: total})
			reported = done
		}
	}
	sort.Slice(outs, func(i, j int) bool { return outs[i].rel < outs[j].rel })
	return outs, tally, firstErr
}

// add counts one file's result, appending a changing file's outcome to
// outs, and returns its error.
func (t *scanTally) add(res scanResult, outs *[]*fileOutcome) error {
	if res.cached {
		t.cached++
	}
	switch {
	case res.err != nil:
		return res.err
	case res.skip != nil:
		res.skip(&t.skipped)
	case res.outcome != nil:
		*outs = append(*outs, res.outcome)
	}
	return nil
}

// scanFile decides one file (files[i] of the scan) from the scan cache, or reads it (recording
// what it holds) and applies the recipes to it in memory.
func scanFile(r *repo.Repo, dir scanDir, rs recipeSet, memo *scanMemo, i int, rel string) scanResult {
	if res, ok := memo.known(dir, rs, i, rel); ok {
		return res
	}
	content, st, ok, err := dir.readForScan(rel)
	switch {
	case err != nil:
		return scanResult{err: err}
	case !ok:
		return scanResult{skip: func(s *spec.Skipped) { s.Missing++ }}
	}
	binary := repo.IsBinary(content)
	memo.record(rel, st, content, binary)
	switch {
	case binary:
		return scanResult{skip: func(s *spec.Skipped) { s.Binary++ }}
	case !rs.mayMatch(rel, content):
		return scanResult{}
	}
	return applyScanned(r, rs, rel, content)
}

// applyScanned applies the recipes to a file that passed the prefilter,
// skipping it when it is under a filter gitedit does not apply.
func applyScanned(r *repo.Repo, rs recipeSet, rel string, content []byte) scanResult {
	if err := r.CheckConvertible(rel); err != nil {
		if spec.CodeOf(err) == spec.CodeUnsupported {
			return scanResult{skip: func(s *spec.Skipped) { s.Filtered++ }}
		}
		return scanResult{err: err}
	}
	o, err := rs.apply(rel, content)
	if err != nil || !o.changed() {
		return scanResult{err: err}
	}
	return scanResult{outcome: o}
}
