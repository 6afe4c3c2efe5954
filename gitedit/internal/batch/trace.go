package batch

import (
	"fmt"
	"os"
	"strconv"
	"time"
)

// tracePerformance is set from GITEDIT_TRACE_PERFORMANCE (a true boolean):
// each phase of a batch or a run then prints its wall time on standard
// error, as GIT_TRACE_PERFORMANCE does for git's commands. The benchmark
// figures in the README are broken down with it.
var tracePerformance = func() bool {
	on, _ := strconv.ParseBool(os.Getenv("GITEDIT_TRACE_PERFORMANCE"))
	return on
}()

// Traced runs one phase, timing it when tracing is on.
func Traced[T any](phase string, f func() (T, error)) (T, error) {
	if !tracePerformance {
		return f()
	}
	start := time.Now()
	v, err := f()
	fmt.Fprintf(os.Stderr, "gitedit: performance: %.6f s: %s\n", time.Since(start).Seconds(), phase)
	return v, err
}
