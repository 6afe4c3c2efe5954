package objects

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/fixtures"
)

// TestFixUTF8MatchesGitCommitTree writes commits with git commit-tree
// (whose commit_tree_extended runs verify_utf8) for messages holding
// every kind of invalid sequence, plus random bytes, and compares the
// message git stored with FixUTF8's.
func TestFixUTF8MatchesGitCommitTree(t *testing.T) {
	dir := fixtures.NewRepo(t, nil)
	tree := strings.TrimSpace(fixtures.Git(t, dir, "write-tree"))
	msgs := []string{
		"caf\xe9", "Jos\xe9 M\xfcller", "plain ASCII", "caf\xc3\xa9 ok", "\xff\xfe\x80\xbf",
		"\xc0\xaf overlong", "\xe0\x80\xaf overlong3", "\xed\xa0\x80 surrogate", "\xef\xbf\xbe U+FFFE",
		"\xef\xbf\xbf U+FFFF", "\xef\xb7\x90 U+FDD0", "\xef\xb7\xaf U+FDEF", "\xef\xb7\xb0 U+FDF0 ok",
		"\xf4\x90\x80\x80 beyond", "\xf0\x9f\x98\x80 emoji ok", "\xf8\x88\x80\x80\x80 five", "cut \xe2\x82",
		"\xf0\x9f\xbf\xbe U+1FFFE", "\xc2",
	}
	rng := rand.New(rand.NewSource(23))
	for i := 0; i < 40; i++ {
		b := make([]byte, 1+rng.Intn(12))
		for j := range b {
			b[j] = byte(1 + rng.Intn(255))
		}
		msgs = append(msgs, string(b))
	}
	for _, m := range msgs {
		m = strings.ReplaceAll(m, "\n", " ") + "\n"
		id := strings.TrimSpace(fixtures.GitInput(t, dir, m, "commit-tree", tree, "-F", "-"))
		raw := fixtures.Git(t, dir, "cat-file", "commit", id)
		_, want, _ := strings.Cut(raw, "\n\n")
		if got := FixUTF8([]byte(m)); !bytes.Equal(got, []byte(want)) {
			t.Errorf("FixUTF8(%q) = %q; git: %q", m, got, want)
		}
	}
}
