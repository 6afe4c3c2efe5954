package gitconfig

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/gitedit/gitedit/fixtures"
	"github.com/gitedit/gitedit/gitedit/internal/statproof"
)

// changedRepo writes a git directory whose config includes inc.cfg and,
// on branch main, main.cfg, loads it through a new Files and returns the
// Files and the git directory.
func changedRepo(t *testing.T) (*Files, string) {
	t.Helper()
	dir := t.TempDir()
	gitDir := filepath.Join(dir, ".git")
	mustMkdir(t, gitDir)
	write(t, filepath.Join(gitDir, "config"), "[t]\n\tk = local\n[include]\n\tpath = inc.cfg\n[includeIf \"onbranch:main\"]\n\tpath = main.cfg\n")
	write(t, filepath.Join(gitDir, "inc.cfg"), "[t]\n\tinc = 1\n")
	write(t, filepath.Join(gitDir, "main.cfg"), "[t]\n\tmain = 1\n")
	write(t, filepath.Join(gitDir, "HEAD"), "ref: refs/heads/main\n")
	files := new(Files)
	cfg, err := files.Load(gitDir, gitDir, false, testEnv(dir, "GIT_CONFIG_NOSYSTEM=1"))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := cfg.Get("t.main"); v != "1" {
		t.Fatalf("onbranch:main not included: t.main = %q", v)
	}
	return files, gitDir
}

// write writes src to path.
func write(t *testing.T, path, src string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestChangedSeesEveryFileTheConfigurationCameFrom: Changed is false while
// nothing changed (twice: the second answer from the stats), and true
// after each kind of change: the repository's config, a file it includes,
// HEAD under an onbranch: include, a global file that appears, a file
// rewritten with the same size and modification time. The racy window is
// zero: the answers come from the stats alone.
func TestChangedSeesEveryFileTheConfigurationCameFrom(t *testing.T) {
	defer func(w time.Duration) { statproof.RacyWindow = w }(statproof.RacyWindow)
	statproof.RacyWindow = 0
	changes := map[string]func(gitDir string){
		"config":          func(g string) { write(t, filepath.Join(g, "config"), "[t]\n\tk = other\n") },
		"included file":   func(g string) { write(t, filepath.Join(g, "inc.cfg"), "[t]\n\tinc = 2\n") },
		"HEAD (onbranch)": func(g string) { write(t, filepath.Join(g, "HEAD"), "ref: refs/heads/topic\n") },
		"global appears": func(g string) {
			write(t, filepath.Join(fixtures.Home(filepath.Dir(g)), ".gitconfig"), "[t]\n\tk = global\n")
		},
		"same size and time": func(g string) {
			p := filepath.Join(g, "inc.cfg")
			fi, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			write(t, p, "[t]\n\tinc = 9\n")
			if err := os.Chtimes(p, fi.ModTime(), fi.ModTime()); err != nil {
				t.Fatal(err)
			}
		},
	}
	for name, change := range changes {
		files, gitDir := changedRepo(t)
		if files.Changed() || files.Changed() {
			t.Fatalf("%s: Changed before any change", name)
		}
		change(gitDir)
		if !files.Changed() {
			t.Errorf("%s: Changed is false after the change", name)
		}
	}
}

// TestChangedReadsARacyFileAgain: while a file's modification time is
// within the racy window, its unchanged stat does not vouch for it (a
// rewrite within the file system's clock tick may keep it): Changed reads
// it again and compares the bytes. The rewrite within the tick is stood
// in for by changing the bytes Files holds.
func TestChangedReadsARacyFileAgain(t *testing.T) {
	defer func(w time.Duration) { statproof.RacyWindow = w }(statproof.RacyWindow)
	statproof.RacyWindow = time.Hour
	files, gitDir := changedRepo(t)
	if files.Changed() {
		t.Fatal("Changed before any change")
	}
	p := filepath.Join(gitDir, "inc.cfg")
	files.read1[p] = fileRead{src: []byte("[t]\n\tinc = 0\n")}
	if !files.Changed() {
		t.Error("a racy file was trusted on its stat alone")
	}
	statproof.RacyWindow = 0
	files, gitDir = changedRepo(t)
	p = filepath.Join(gitDir, "inc.cfg")
	files.Changed() // the stats now vouch for the files
	files.read1[p] = fileRead{src: []byte("[t]\n\tinc = 0\n")}
	if files.Changed() {
		t.Error("a file whose stat vouches for it was read again")
	}
}
