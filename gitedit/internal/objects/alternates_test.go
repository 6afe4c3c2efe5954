package objects

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/fixtures"
)

// storeIn writes a blob with content into the objects folder dir (git
// hash-object -w with GIT_OBJECT_DIRECTORY) and returns its id.
func storeIn(t *testing.T, repo, dir, content string) plumbing.Hash {
	t.Helper()
	cmd := exec.Command("git", "hash-object", "-w", "--stdin")
	cmd.Dir = repo
	cmd.Env = append(fixtures.Env(fixtures.Home(repo)), "GIT_OBJECT_DIRECTORY="+dir)
	cmd.Stdin = strings.NewReader(content)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("hash-object: %v", err)
	}
	return plumbing.NewHash(strings.TrimSpace(string(out)))
}

// gitHas reports whether git, in repo, finds object h.
func gitHas(repo string, h plumbing.Hash) bool {
	_, err := fixtures.RunGit(repo, "cat-file", "-e", h.String())
	return err == nil
}

// TestAlternatesChainStopsWhereGitStops: a chain of eight object folders,
// each naming the next in its alternates file (relative, absolute with
// trailing slashes, C-quoted, after comments and blank lines), each
// holding one blob: DB finds exactly the blobs git cat-file finds (git
// ignores alternates nested more than five deep).
func TestAlternatesChainStopsWhereGitStops(t *testing.T) {
	repo := fixtures.NewRepo(t, nil)
	base := t.TempDir()
	own := filepath.Join(repo, ".git", "objects")
	dirs := []string{own}
	for i := 0; i < 8; i++ {
		d := filepath.Join(base, "alt "+string(rune('a'+i)), "objects")
		if err := os.MkdirAll(filepath.Join(d, "info"), 0o755); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, d)
	}
	entries := []func(from, to string) string{
		func(_, to string) string { return to + "//\n" },
		func(from, to string) string { r, _ := filepath.Rel(from, to); return "# next\n\n" + r },
		func(_, to string) string { return `"` + strings.ReplaceAll(to, " ", `\040`) + `"` + "\n" },
	}
	var ids []plumbing.Hash
	for i, d := range dirs {
		ids = append(ids, storeIn(t, repo, d, "blob "+d+"\n"))
		if i+1 < len(dirs) {
			line := entries[i%len(entries)](d, dirs[i+1])
			if err := os.WriteFile(filepath.Join(d, "info", "alternates"), []byte(line), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	db := NewDB(own)
	defer db.Close()
	found := 0
	for i, h := range ids {
		want := gitHas(repo, h)
		if got := db.Has(h); got != want {
			t.Errorf("object in folder %d: Has = %v, git cat-file -e says %v", i, got, want)
		}
		if _, err := db.Read(plumbing.BlobObject, h); (err == nil) != want {
			t.Errorf("object in folder %d: Read error %v, git finds it: %v", i, err, want)
		}
		if want {
			found++
		}
	}
	if found < 2 || found == len(ids) {
		t.Errorf("git found %d of %d objects: the chain does not test the depth limit", found, len(ids))
	}
}

// TestParseAlternatesFollowsGit pins parse_alt_odb_entry's rules: lines
// verbatim (spaces kept), comments and empty lines dropped, C-quoted
// entries unquoted, broken quoting taken as written.
func TestParseAlternatesFollowsGit(t *testing.T) {
	got := parseAlternates("# c\n/a b \n\n\"/q\\tx\"\n../rel\n\"/bad\\q\"\n/last\n\"/broken")
	want := []string{"/a b ", "/q\tx", "../rel", `"/bad\q"`, "/last", `"/broken`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("parseAlternates = %q, want %q", got, want)
	}
}
