package hooks

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gitedit/gitedit/engine/quote"
	"github.com/gitedit/gitedit/fixtures"
)

// TestCleanMessageMatchesGitStripspace compares CleanMessage with
// git stripspace (the cleanup git commit applies in "whitespace" mode).
func TestCleanMessageMatchesGitStripspace(t *testing.T) {
	for _, in := range []string{
		"", "\n\n", "subject", "  subject  \n\n\n\nbody \t\n\n", "\n\nsubject\n# comment\n\n\ntrailer: x\n\n\n",
		"a\r\nb\r\n", "a\n \n\t\nb", "x\v\n\fy\n",
	} {
		want, err := fixtures.RunGitInput(t.TempDir(), in, "stripspace")
		if err != nil {
			t.Skipf("%v", err)
		}
		if got := CleanMessage(in); got != want {
			t.Errorf("CleanMessage(%q) = %q, git stripspace gives %q", in, got, want)
		}
	}
}

func TestRunHookRunsFromTheWorkTreeWithItsArgsEnvAndInput(t *testing.T) {
	dir := t.TempDir()
	hooks := filepath.Join(dir, ".git", "hooks")
	if err := os.MkdirAll(hooks, 0o755); err != nil {
		t.Fatal(err)
	}
	// No "#!" line: run by /bin/sh, as git's run-command does.
	write := func(name, script string, mode os.FileMode) {
		if err := os.WriteFile(filepath.Join(hooks, name), []byte(script), mode); err != nil {
			t.Fatal(err)
		}
	}
	write("ok", "echo \"$0 $1 $X $(pwd)\"; cat\nprintf '\\033[31mred\\n'\n", 0o755)
	write("fails", "exit 7\n", 0o755)
	write("off", "exit 1\n", 0o644)
	var out bytes.Buffer
	r := Runner{Dir: hooks, WorkTree: dir, Env: []string{"X=base", "PATH=" + os.Getenv("PATH")}, Output: &out}
	ran, err := r.Run(context.Background(), "ok", []string{"X=over"}, []byte("in\n"), "arg")
	want := ".git/hooks/ok arg over " + dir + "\nin\n\x1b[31mred\n"
	if !ran || err != nil || out.String() != want {
		t.Fatalf("ran %v err %v output %q, want %q", ran, err, out.String(), want)
	}
	if p := quote.Printable(out.String()); strings.ContainsRune(p, 0x1b) || !strings.Contains(p, "^[[31mred") {
		t.Errorf("quote.Printable = %q", p)
	}
	var failed *Failed
	if ran, err := r.Run(context.Background(), "fails", nil, nil); !ran || !errors.As(err, &failed) || failed.Status != 7 {
		t.Errorf("fails: ran %v err %v", ran, err)
	}
	if ran, err := r.Run(context.Background(), "off", nil, nil); ran || err != nil {
		t.Errorf("a hook without the executable bit ran: %v %v", ran, err)
	}
	if ran, _ := r.Run(context.Background(), "missing", nil, nil); ran {
		t.Error("a missing hook ran")
	}
}

func TestMergeReplacesKeysAndAppendsNewOnes(t *testing.T) {
	got := Merge([]string{"A=1", "B=2", "C=3"}, []string{"B=x", "D=4"})
	if strings.Join(got, ",") != "A=1,C=3,B=x,D=4" {
		t.Errorf("Merge = %v", got)
	}
}
