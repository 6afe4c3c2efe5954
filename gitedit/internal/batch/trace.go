package batch

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"time"
)

// tracePerformance is set from GITEDIT_TRACE_PERFORMANCE (a true boolean),
// read when the first phase runs (not when the program starts): each phase
// of a batch or a run then prints its wall time on standard error, as
// GIT_TRACE_PERFORMANCE does for git's commands. The benchmark figures in
// the README are broken down with it.
var tracePerformance struct {
	once sync.Once
	on   bool
}

// tracing reports whether tracePerformance is on.
func tracing() bool {
	t := &tracePerformance
	t.once.Do(func() { t.on, _ = strconv.ParseBool(os.Getenv("GITEDIT_TRACE_PERFORMANCE")) })
	return t.on
}

// Traced runs one phase, timing it when tracing is on.
func Traced[T any](phase string, f func() (T, error)) (T, error) {
	if !tracing() {
		return f()
	}
	start := time.Now()
	v, err := f()
	fmt.Fprintf(os.Stderr, "gitedit: performance: %.6f s: %s\n", time.Since(start).Seconds(), phase)
	return v, err
}
