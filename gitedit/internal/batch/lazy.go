package batch

import (
	"regexp"
	"sync"
)

// LazyRegexp compiles expr on first use, so that commands which never
// use it do not pay for compiling it when the program starts (every
// package-level value is built before main runs).
func LazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
