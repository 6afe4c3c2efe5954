//go:build !unix

package ledger

// cpuTime is 0 where getrusage is not available: the benchmarks then
// report no CPU time, only their wall time.
func cpuTime() int64 { return 0 }
