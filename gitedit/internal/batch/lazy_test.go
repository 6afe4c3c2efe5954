package batch

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLazyRegexpCompilesOnFirstUseOnce(t *testing.T) {
	l := LazyRegexp{Expr: `^(@?)(\d+)$`}
	assert.Nil(t, l.re, "nothing is compiled before the first use")
	re := l.Get()
	require.NotNil(t, re)
	assert.Same(t, re, l.Get(), "compiled once")
	assert.Equal(t, []string{"@12", "@", "12"}, re.FindStringSubmatch("@12"))
	assert.Nil(t, re.FindStringSubmatch("x12"))
}

func TestLazyRegexpPanicsOnABadExpressionAtFirstUse(t *testing.T) {
	l := LazyRegexp{Expr: `(`}
	assert.Panics(t, func() { l.Get() })
}

func TestPackageRegexpsCompile(t *testing.T) {
	for _, l := range []*LazyRegexp{&authorOverride, &rawDate, &epochDate, &zonedDate, &isoDateSpace} {
		assert.NotPanics(t, func() { l.Get() }, l.Expr)
	}
}
