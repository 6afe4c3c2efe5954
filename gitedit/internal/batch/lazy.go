package batch

import (
	"regexp"
	"sync"
)

// LazyRegexp is a regular expression compiled on its first use (Get), so
// that commands which never use it do not pay for compiling it when the
// program starts. Declared as a package-level value with Expr set, it
// costs nothing before then either: its zero state is static data, where
// a closure built by a function call would be built, and allocated, by
// the package's initialisation in every process.
type LazyRegexp struct {
	Expr string
	once sync.Once
	re   *regexp.Regexp
}

// Get returns the compiled expression (it panics if Expr does not
// compile, as regexp.MustCompile does).
func (l *LazyRegexp) Get() *regexp.Regexp {
	l.once.Do(func() { l.re = regexp.MustCompile(l.Expr) })
	return l.re
}
