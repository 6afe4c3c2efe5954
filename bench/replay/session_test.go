package main

import (
	"reflect"
	"testing"
)

// splitWindows keeps runs of k commits of the first-parent line that each
// change something, ends a run at a merge (unless merges), a root or a
// commit without a change, and keeps the newest w windows.
func TestSplitWindows(t *testing.T) {
	lines := []string{
		"r tr",     // the root: no base
		"a ta r",   // run 1 starts on r
		"b tb a",   //
		"m tm b x", // a merge
		"c tc m",   // run 2 starts on m
		"d tc c",   // no change: ends run 2
		"e te d",   // run 3 starts on d
		"f tf e",   //
		"g tg f",   //
		"h th g",   //
		"i ti h",   //
	}
	for _, tc := range []struct {
		opt  sessionOptions
		want []window
	}{
		{sessionOptions{k: 2}, []window{{"r", []string{"a", "b"}}, {"d", []string{"e", "f"}}, {"f", []string{"g", "h"}}}},
		{sessionOptions{k: 2, w: 1}, []window{{"f", []string{"g", "h"}}}},
		{sessionOptions{k: 3, merges: true}, []window{{"r", []string{"a", "b", "m"}}, {"d", []string{"e", "f", "g"}}}},
		{sessionOptions{k: 6}, nil},
	} {
		if got := splitWindows(lines, tc.opt, map[string]string{}); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%+v: %v, want %v", tc.opt, got, tc.want)
		}
	}
}
