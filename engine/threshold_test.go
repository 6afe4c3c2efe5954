package engine

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/engine/internal/linespan"
)

// TestAnchorThresholdNeverLetsADecoyWin justifies blockAnchorMinSimilarity on
// the Go tree's sources: for blocks with one misremembered identifier it
// measures the score of the true region, and for every other region with
// the same anchors and length (a decoy) its score. It logs both
// distributions and fails if a decoy ever passes where the true region
// does not (the edit would land on the decoy), or if fewer than 90% of true
// regions pass. A decoy that passes along with the true region makes the
// edit ambiguous, which is safe. Skipped under -short.
func TestAnchorThresholdNeverLetsADecoyWin(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the Go tree; skipped under -short")
	}
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Skip("no go toolchain:", err)
	}
	var texts []string
	root := filepath.Join(strings.TrimSpace(string(out)), "src")
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.Contains(p, "testdata") {
			if b, err := os.ReadFile(p); err == nil && len(b) < 200<<10 {
				texts = append(texts, string(b))
			}
		}
		return nil
	})
	rng := rand.New(rand.NewPCG(1, 2))
	var trueScores, decoys []float64
	stolen := 0 // trials where a decoy passes and the true region does not
	for len(trueScores) < 2000 {
		lines := strings.Split(texts[rng.IntN(len(texts))], "\n")
		k := 4 + rng.IntN(7)
		if len(lines) < k+1 {
			continue
		}
		i := rng.IntN(len(lines) - k)
		block := lines[i : i+k]
		if linespan.TrimLine(block[0]) == "" || linespan.TrimLine(block[k-1]) == "" {
			continue
		}
		old := append([]string(nil), block...)
		j := 1 + rng.IntN(k-2)
		if old[j] = misremember(old[j]); old[j] == block[j] {
			continue
		}
		ts := blockAnchorScore(old, block)
		trueScores = append(trueScores, ts)
		for s := 0; s+k <= len(lines); s++ {
			w := lines[s : s+k]
			if s != i && linespan.TrimLine(w[0]) == linespan.TrimLine(old[0]) && linespan.TrimLine(w[k-1]) == linespan.TrimLine(old[k-1]) {
				ds := blockAnchorScore(old, w)
				decoys = append(decoys, ds)
				if ds >= blockAnchorMinSimilarity && ts < blockAnchorMinSimilarity {
					stolen++
				}
			}
		}
	}
	pass := func(xs []float64) int {
		n := 0
		for _, x := range xs {
			if x >= blockAnchorMinSimilarity {
				n++
			}
		}
		return n
	}
	t.Logf("true regions: %d, passing %d; %s", len(trueScores), pass(trueScores), quantiles(trueScores))
	t.Logf("decoys: %d, passing %d; %s", len(decoys), pass(decoys), quantiles(decoys))
	if pass(trueScores) < len(trueScores)*9/10 {
		t.Errorf("threshold %.2f recovers too few true regions", blockAnchorMinSimilarity)
	}
	t.Logf("trials where a decoy passes and the true region does not: %d", stolen)
	if stolen > 0 {
		t.Errorf("threshold %.2f lets a decoy win over the true region", blockAnchorMinSimilarity)
	}
}

// misremember swaps two letters of the line's longest word.
func misremember(line string) string {
	f := strings.FieldsFunc(line, func(r rune) bool { return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') })
	best := ""
	for _, w := range f {
		if len(w) > len(best) {
			best = w
		}
	}
	if len(best) < 4 {
		return line
	}
	return strings.Replace(line, best, best[:1]+best[2:3]+best[1:2]+best[3:], 1)
}

// quantiles formats the 1st, 10th, 50th, 90th and 99th percentiles and max.
func quantiles(xs []float64) string {
	if len(xs) == 0 {
		return "none"
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	q := func(p float64) float64 { return s[int(p*float64(len(s)-1))] }
	return strings.Join([]string{
		"p1=" + ftoa(q(0.01)), "p10=" + ftoa(q(0.10)), "p50=" + ftoa(q(0.5)),
		"p90=" + ftoa(q(0.9)), "p99=" + ftoa(q(0.99)), "max=" + ftoa(s[len(s)-1])}, " ")
}

// ftoa writes x with two decimals.
func ftoa(x float64) string {
	return strings.TrimRight(strings.TrimRight(strconvF(x), "0"), ".")
}

// strconvF formats x with two decimals.
func strconvF(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }
