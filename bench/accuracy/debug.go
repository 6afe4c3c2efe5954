package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/gitedit/gitedit/engine"
)

// debugCategory, when set (env ACCURACY_DEBUG=category:mode), prints the
// first wrong cases of that category under that mode.
var debugCategory = os.Getenv("ACCURACY_DEBUG")

// dumpWrong prints one wrong case: the strings and a line diff of result
// and intended content.
func dumpWrong(c category, m engine.MatchMode, cs testCase, got string) {
	if debugCategory != c.name+":"+string(m) {
		return
	}
	fmt.Printf("---- %s %s\nOLD:\n%s\nNEW:\n%s\n", c.name, m, cs.old, cs.new)
	g, w := strings.Split(got, "\n"), strings.Split(cs.want, "\n")
	for i := 0; i < len(g) && i < len(w); i++ {
		if g[i] != w[i] {
			fmt.Printf("line %d\n got: %q\nwant: %q\n", i+1, g[i], w[i])
			break
		}
	}
}
