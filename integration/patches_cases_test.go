package integration

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// handPairs are the shapes the suite must cover, written out.
func handPairs() []pair {
	num := fixtures.Numbered("line ", 60)
	rep := strings.Repeat("{\n\tx := 1\n}\n\n", 20)
	blank := strings.Repeat("\n\n}\n", 15)
	bin := "\x00\x01binary\x02" + strings.Repeat("payload ", 40)
	return []pair{
		{"several hunks", tree{"f": txt(num)}, tree{"f": txt(fixtures.EditLines(num, map[int]string{5: "five\n", 20: "", 21: "", 40: "forty\nforty-one\nline 40\n"}))}},
		{"repeated lines", tree{"f": txt(rep)}, tree{"f": txt(fixtures.EditLines(rep, map[int]string{2: "\ty := 2\n", 22: "// note\n{\n", 50: "", 70: "\tx := 3\n"}))}},
		{"repeated blank lines", tree{"f": txt(blank)}, tree{"f": txt(fixtures.EditLines(blank, map[int]string{3: "}\n}\n", 20: "", 40: "// end\n}\n"}))}},
		{"start and end", tree{"f": txt(num)}, tree{"f": txt(fixtures.EditLines(num, map[int]string{1: "first\n", 60: "last\n"}))}},
		{"prepend", tree{"f": txt(num)}, tree{"f": txt("head 1\nhead 2\n" + num)}},
		{"append", tree{"f": txt(num)}, tree{"f": txt(num + "tail 1\ntail 2\n")}},
		{"append without final newline", tree{"f": txt("a\nb")}, tree{"f": txt("a\nb\nc")}},
		{"drop final newline", tree{"f": txt("a\nb\nc\n")}, tree{"f": txt("a\nb\nc")}},
		{"whole file of one line", tree{"f": txt("old\n")}, tree{"f": txt("new\n")}},
		{"emptied file", tree{"f": txt("a\nb\n")}, tree{"f": txt("")}},
		{"filled empty file", tree{"f": txt("")}, tree{"f": txt("a\nb\n")}},
		{"add and delete files", tree{"keep": txt("k\n"), "gone": txt(num)}, tree{"keep": txt("k\n"), "new/dir/f": txt("fresh\n"), "empty": txt("")}},
		{"rename", tree{"old/name.txt": txt(num)}, tree{"new/name.txt": txt(num)}},
		{"rename with change", tree{"a.txt": txt(num)}, tree{"b.txt": txt(fixtures.EditLines(num, map[int]string{30: "thirty\n"}))}},
		{"mode change", tree{"run.sh": txt("#!/bin/sh\necho hi\n")}, tree{"run.sh": exe("#!/bin/sh\necho hi\n")}},
		{"mode and content", tree{"run.sh": exe("#!/bin/sh\necho hi\n")}, tree{"run.sh": txt("#!/bin/sh\necho bye\n")}},
		{"rename and mode", tree{"a.sh": txt(num)}, tree{"b.sh": exe(num)}},
		{"binary modify", tree{"b.bin": txt(bin)}, tree{"b.bin": txt(strings.Replace(bin, "payload", "PAYLOAD", 3))}},
		{"binary create and delete", tree{"old.bin": txt(bin)}, tree{"new.bin": txt(bin + "more")}},
		{"text to binary", tree{"f": txt(num)}, tree{"f": txt(bin)}},
		{"crlf lines", tree{"f": txt(strings.ReplaceAll(num, "\n", "\r\n"))}, tree{"f": txt(strings.ReplaceAll(fixtures.EditLines(num, map[int]string{10: "ten\n", 50: ""}), "\n", "\r\n"))}},
		{"crlf checkout of lf content", tree{".gitattributes": txt("*.txt text eol=crlf\n"), "f.txt": txt(num)}, tree{".gitattributes": txt("*.txt text eol=crlf\n"), "f.txt": txt(fixtures.EditLines(num, map[int]string{1: "one\n", 30: "", 60: "line 60\nend\n"}))}},
		{"identical lines deleted", tree{"f": txt(strings.Repeat("x\n", 12))}, tree{"f": txt(strings.Repeat("x\n", 9))}},
		{"several files", tree{"a": txt(num), "b": txt(rep), "c": txt("c\n")}, tree{"a": txt(fixtures.EditLines(num, map[int]string{2: ""})), "b": txt(fixtures.EditLines(rep, map[int]string{78: "}\n// end\n"})), "d": txt("c\n")}},
	}
}

// mutatedPairs takes n real source files from the Go tree (none when it
// is missing) and mutates each with seed: lines deleted,
// inserted (copied from elsewhere in the file, so they repeat), duplicated
// or changed, at random places including the first and last lines; some
// pairs also rename the file or add a second one.
func mutatedPairs(t *testing.T, n int, seed uint64) []pair {
	srcs := goSources(t)
	rng := rand.New(rand.NewPCG(seed, seed))
	var out []pair
	for i := 0; i < n && len(srcs) > 0; i++ {
		path := srcs[rng.IntN(len(srcs))]
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		body := string(data)
		name := filepath.Base(path)
		after := tree{name: txt(mutate(rng, body))}
		switch rng.IntN(4) {
		case 0:
			after = tree{"moved/" + name: after[name]}
		case 1:
			after["extra.go"] = txt(mutate(rng, body))
		}
		out = append(out, pair{fmt.Sprintf("go source %d %s", i, name), tree{name: txt(body)}, after})
	}
	return out
}

// goSources lists the non-test .go files of a few packages of the Go
// tree, sorted (none without a Go tree: the written-out shapes still run).
func goSources(t *testing.T) []string {
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Log("no Go tree, no mutated sources:", err)
		return nil
	}
	var out []string
	for _, pkg := range []string{"strings", "bufio", "sort", "text/tabwriter", "go/scanner", "encoding/csv", "net/url", "container/list"} {
		matches, _ := filepath.Glob(filepath.Join(strings.TrimSpace(string(root)), "src", pkg, "*.go"))
		for _, m := range matches {
			if !strings.HasSuffix(m, "_test.go") {
				out = append(out, m)
			}
		}
	}
	sort.Strings(out)
	if len(out) == 0 {
		t.Log("no Go sources found, no mutated sources")
	}
	return out
}

// mutate applies 1 to 6 random line mutations to body.
func mutate(rng *rand.Rand, body string) string {
	ls := strings.SplitAfter(body, "\n")
	for k := rng.IntN(6) + 1; k > 0 && len(ls) > 2; k-- {
		at := rng.IntN(len(ls))
		switch rng.IntN(5) {
		case 0: // near the start or the end
			at = []int{0, 1, len(ls) - 1, len(ls) - 2}[rng.IntN(4)]
		}
		ls = mutation(rng, ls, at)
	}
	return strings.Join(ls, "")
}

// mutation applies one random change at line at.
func mutation(rng *rand.Rand, ls []string, at int) []string {
	switch rng.IntN(4) {
	case 0: // delete 1-4 lines
		end := min(at+rng.IntN(4)+1, len(ls))
		return append(ls[:at:at], ls[end:]...)
	case 1: // insert 1-3 lines copied from elsewhere
		from := rng.IntN(len(ls))
		ins := append([]string(nil), ls[from:min(from+rng.IntN(3)+1, len(ls))]...)
		return append(ls[:at:at], append(ins, ls[at:]...)...)
	case 2: // duplicate a line in place
		return append(ls[:at+1:at+1], append([]string{ls[at]}, ls[at+1:]...)...)
	}
	ls = append([]string(nil), ls...)
	ls[at] = strings.TrimSuffix(ls[at], "\n") + " // changed\n"
	return ls
}
