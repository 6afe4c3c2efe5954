package ledger

import (
	"errors"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
)

// gitAccepts reports whether git check-ref-format accepts the ledger ref
// of id.
func gitAccepts(t *testing.T, id string) bool {
	t.Helper()
	err := exec.Command("git", "check-ref-format", Ref(id)).Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return err == nil
}

// stricterThanGit are ids git accepts as a component and CheckID refuses
// on purpose: a leading "-" (SPEC), over MaxIDLen bytes (a file name),
// white space or control characters beyond ASCII and bytes that are not
// UTF-8 (they would not read back from trailers and JSON).
var stricterThanGit = []string{"-x", "-", strings.Repeat("a", MaxIDLen+1), "a\u00a0b", "a\u2028b", "a\u200bb", "a\xffb", "a\u3000b"}

func TestSessionIDsAreRefComponentsGitAccepts(t *testing.T) {
	valid := []string{"s", "mcp-20261127T075800Z-0a1b2c3d", "agent_1.2", "a.b", "a@b", "@", "é", "日本", "x-lock", "a{b}", "a=b,c+d", strings.Repeat("a", MaxIDLen)}
	hostile := []string{"", "..", "a..b", ".", ".a", "a.", "@{", "a@{1}", "a.lock", ".lock", "a b", " a", "a\tb", "a\nb", "a\x00b", "a\x01", "a\x7fb",
		"a/b", "/a", "a/", "a~1", "a^", "a:b", "a?", "a*", "a[b", "a\\b", "refs/heads/main"}
	for _, id := range valid {
		if err := CheckID(id); err != nil {
			t.Errorf("CheckID(%q) = %v, want valid", id, err)
		}
		if !gitAccepts(t, id) {
			t.Errorf("git check-ref-format refuses %q, which CheckID accepts", id)
		}
	}
	for _, id := range hostile {
		if err := CheckID(id); !errors.Is(err, ErrInvalidID) {
			t.Errorf("CheckID(%q) = %v, want ErrInvalidID", id, err)
		}
		if id != "" && !strings.Contains(id, "\x00") && !strings.Contains(id, "/") && gitAccepts(t, id) {
			t.Errorf("git check-ref-format accepts hostile %q", id)
		}
	}
	for _, id := range stricterThanGit {
		if CheckID(id) == nil {
			t.Errorf("CheckID(%q) accepts an id refused on purpose", id)
		}
	}
}

// Random ids over the characters git's rules are about: whatever CheckID
// accepts, git accepts; whatever git refuses, CheckID refuses.
func TestSessionIDsAgreeWithGitOnRandomInput(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 60
	}
	alphabet := []string{"a", "b", ".", "-", "@", "{", "}", "/", " ", "~", "^", ":", "?", "*", "[", "\\", "\x7f", "\x01", "lock", "é"}
	rng := rand.New(rand.NewPCG(25, 7))
	for range n {
		var b strings.Builder
		for range 1 + rng.IntN(6) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		id := b.String()
		ours, theirs := CheckID(id) == nil, !strings.Contains(id, "/") && gitAccepts(t, id)
		if ours && !theirs {
			t.Errorf("CheckID accepts %q, git check-ref-format refuses it", id)
		}
		if !ours && theirs && !strings.HasPrefix(id, "-") {
			t.Errorf("CheckID refuses %q, which git accepts and which starts with no -", id)
		}
	}
}

// Ids that cannot be a file on Windows, where a ledger pushed with git
// push may be fetched (a loose ref is a file), are refused, saying why:
// a device name as git's is_valid_win32_path reads one (any case, with
// or without an extension) and < > " |. git check-ref-format accepts
// them all (so do its refs on Linux). Names that only start like one,
// or a device name after a dot, are ids as before.
func TestSessionIDsThatCannotBeFilesOnWindowsAreRefused(t *testing.T) {
	for _, id := range []string{"CON", "con", "Con.txt", "nul", "NUL.tar.gz", "aux", "prn.x", "com1", "COM9", "lpt1", "Lpt9.log",
		"CONIN$", "conout$.x", "a<b", "a>b", `a"b`, "a|b"} {
		err := CheckID(id)
		if !errors.Is(err, ErrInvalidID) || !strings.Contains(err.Error(), "Windows") || !strings.Contains(err.Error(), "git push") {
			t.Errorf("CheckID(%q) = %v, want ErrInvalidID saying why (Windows, git push)", id, err)
		}
		if !gitAccepts(t, id) {
			t.Errorf("git check-ref-format refuses %q: not stricter than git", id)
		}
	}
	for _, id := range []string{"console", "con-x", "com0", "com10", "lpt", "nul_1", "auxiliary", "x.con", "x.nul.y", "prn1", "conin"} {
		if err := CheckID(id); err != nil {
			t.Errorf("CheckID(%q) = %v, want valid", id, err)
		}
	}
}
