package batch

import (
	"runtime"
	"sync"
)

// parallel calls f(0..n-1) on up to GOMAXPROCS×4 goroutines (file writes
// wait on the disk more than on the processor). A batch of smallBatch
// calls or fewer runs on the caller's goroutine: handing them to others
// costs thread wake-ups, which on a busy machine take longer than the
// work, and two files of one folder would wait on each other's folder
// lock anyway.
func parallel(n int, f func(i int)) {
	if n <= smallBatch {
		for i := range n {
			f(i)
		}
		return
	}
	workers := min(n, 4*runtime.GOMAXPROCS(0))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// smallBatch is the most changes a batch writes its objects for before
// its files rather than at the same time: for a file or two, the objects
// take less time than waking another thread to write them.
const smallBatch = 2
