package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/gitedit/gitedit/engine"
)

// debugCategory, when set (env ACCURACY_DEBUG=category:mode), prints the
// first wrong cases of that category under that mode;
// ACCURACY_REFUSED=category:mode prints the refused ones.
var (
	debugCategory = os.Getenv("ACCURACY_DEBUG")
	debugRefused  = os.Getenv("ACCURACY_REFUSED")
)

// dumpWrong prints one wrong case: the strings and a line diff of result
// and intended content.
func dumpWrong(c category, m engine.MatchMode, cs testCase, got string, err error) {
	if debugCategory != c.name+":"+string(m) {
		return
	}
	fmt.Printf("---- %s %s (%s) err=%v\nOLD:\n%q\nNEW:\n%q\n", c.name, m, cs.lang, err, cs.old, cs.new)
	g, w := strings.Split(got, "\n"), strings.Split(cs.want, "\n")
	if cs.want == "" {
		w = strings.Split(cs.content, "\n")
	}
	for i := 0; i < len(g) && i < len(w); i++ {
		if g[i] != w[i] {
			fmt.Printf("line %d\n got: %q\nwant: %q\n", i+1, g[i], w[i])
			break
		}
	}
}

// dumpRefused prints one refused case with its error.
func dumpRefused(c category, m engine.MatchMode, cs testCase, err error) {
	if debugRefused == c.name+":"+string(m) {
		fmt.Printf("---- refused %s %s (%s): %v\nOLD:\n%q\nNEW:\n%q\n", c.name, m, cs.lang, err, cs.old, cs.new)
	}
}
