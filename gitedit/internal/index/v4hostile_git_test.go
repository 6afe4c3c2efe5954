package index

import (
	"crypto/sha1"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// TestV4DamageRefusedLikeGit damages the entry table of a version 4 index
// git wrote, at random, 3,000 times (a byte, a flags bit, the bytes a name
// strips from the previous one, the length in an entry's flags, or the
// table cut short; the checksum made right again): Read must refuse the
// file exactly when git ls-files does, but for one damage: git reads as
// many bytes as the entry's flags say and skips the next, its NUL or
// not, where Read refuses a name whose NUL is not there.
func TestV4DamageRefusedLikeGit(t *testing.T) {
	path := lazyRepo(t, true)
	dir := filepath.Dir(filepath.Dir(path))
	fixtures.Git(t, dir, "update-index", "--index-version", "4")
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	clean, err := parse(orig)
	if err != nil {
		t.Fatal(err)
	}
	tableEnd := strings.Index(string(orig), "TREE")
	rng := rand.New(rand.NewPCG(3, 4))
	refused, stricter, rounds := 0, 0, 3000
	if testing.Short() {
		rounds = 300
	}
	for round := range rounds {
		data := damageV4(rng, round, append([]byte(nil), orig...), clean, tableEnd)
		sum := sha1.Sum(data[:len(data)-hashLen])
		copy(data[len(data)-hashLen:], sum[:])
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, ourErr := parse(data)
		out, gitErr := exec.Command("git", "-C", dir, "ls-files", "-s").CombinedOutput()
		switch {
		case ourErr == nil && gitErr != nil:
			t.Errorf("round %d: Read accepts, git ls-files %v: %s", round, gitErr, out)
		case ourErr != nil && gitErr == nil && !strings.Contains(ourErr.Error(), "in its flags"):
			t.Errorf("round %d: Read %v, git ls-files accepts", round, ourErr)
		case ourErr != nil && gitErr == nil:
			stricter++
		}
		if ourErr != nil {
			refused++
		}
	}
	t.Logf("%d of %d damages refused, %d of them read by git (a name's NUL overwritten)", refused, rounds, stricter)
	if refused == 0 || refused == rounds {
		t.Fatalf("%d of %d damages refused: the test proves nothing", refused, rounds)
	}
}

// damageV4 damages data, the version 4 index clean was parsed from, in
// one of five ways, by round.
func damageV4(rng *rand.Rand, round int, data []byte, clean *Index, tableEnd int) []byte {
	i := rng.IntN(clean.Len())
	off := int(clean.offs[i] - 1)
	name := off + fixedLen
	if be.Uint16(data[off+60:])&flagExtended != 0 {
		name += 2
	}
	switch round % 5 {
	case 0: // any byte of the table
		data[headerLen+rng.IntN(tableEnd-headerLen)] = byte(rng.IntN(256))
	case 1: // a bit of an entry's flags
		data[off+60+rng.IntN(2)] ^= 1 << rng.IntN(8)
	case 2: // the bytes the name strips, often more than the previous name
		data[name] = byte(rng.IntN(128))
	case 3: // the name's length in the flags
		n := int(be.Uint16(data[off+60:])&flagNameMask) + rng.IntN(7) - 3
		be.PutUint16(data[off+60:], be.Uint16(data[off+60:])&^flagNameMask|uint16(max(n, 0)))
	default: // the table cut short
		cut := headerLen + rng.IntN(tableEnd-headerLen)
		data = append(data[:cut], data[len(data)-hashLen:]...)
	}
	return data
}
