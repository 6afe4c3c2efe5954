//go:build unix

package ledger

import "syscall"

// cpuTime is the CPU time the process has used (user and system), in
// nanoseconds: on a shared machine the wall time of a benchmark also
// counts the time other processes held the cores.
func cpuTime() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
