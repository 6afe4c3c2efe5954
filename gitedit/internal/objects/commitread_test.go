package objects

import (
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"

	"github.com/gitedit/gitedit/fixtures"
)

// TestReadCommitMatchesGitLog reads commits git wrote (zones east and west
// of UTC, -0030, an encoding header, a gpgsig-like extra header, a merge,
// a root commit, a message without final newline) loose and packed, and
// compares tree, parents, author, committer and message with git log.
func TestReadCommitMatchesGitLog(t *testing.T) {
	dir := fixtures.NewRepo(t, map[string]string{"a": "a\n"})
	fixtures.Git(t, dir, "-c", "i18n.commitEncoding=ISO-8859-1", "commit", "-q", "--allow-empty", "-m", "encoded")
	fixtures.Git(t, dir, "checkout", "-q", "-b", "side", "HEAD~1")
	fixtures.Git(t, dir, "commit", "-q", "--allow-empty", "-m", "side")
	fixtures.Git(t, dir, "checkout", "-q", "-")
	fixtures.Git(t, dir, "merge", "-q", "--no-ff", "-m", "merge", "side")
	ids := strings.Fields(fixtures.Git(t, dir, "rev-list", "--all"))
	raw := fixtures.Git(t, dir, "cat-file", "commit", "HEAD")
	head, msg, _ := strings.Cut(raw, "\n\n")
	lines := strings.Split(head, "\n")
	at := func(zone string) string { return "  Zoë  Ünicode <z@example.com> 1700000000 " + zone }
	variants := []string{
		strings.Join(lines[:3], "\n") + "\nauthor" + at("+0530") + "\ncommitter" + at("-0800") + "\n\n" + msg,
		strings.Join(lines[:3], "\n") + "\nauthor" + at("-0030") + "\ncommitter" + at("+1400") + "\n\nno final newline",
		strings.Join(lines, "\n") + "\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n x\n -----END PGP SIGNATURE-----\n\n" + msg,
	}
	for _, v := range variants {
		ids = append(ids, strings.TrimSpace(fixtures.GitInput(t, dir, v, "hash-object", "-t", "commit", "-w", "--stdin")))
	}
	for _, packed := range []bool{false, true} {
		if packed {
			fixtures.Git(t, dir, "repack", "-q", "-a", "-d")
		}
		db := storage(dir)
		for _, id := range ids {
			c, err := ReadCommit(db, plumbing.NewHash(id))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := describe(c), gitDescribe(t, dir, id); got != want {
				t.Errorf("commit %s:\n%s\ngit log:\n%s", id, got, want)
			}
		}
		db.Close()
	}
}

// describe prints what git log --format=gitFormat prints.
func describe(c *CommitInfo) string {
	var parents []string
	for _, p := range c.Parents {
		parents = append(parents, p.String())
	}
	sig := func(s Signature) string {
		return s.Name + "|" + s.Email + "|" + s.When.Format("2006-01-02T15:04:05-07:00")
	}
	return c.Tree.String() + "|" + strings.Join(parents, " ") + "|" + sig(c.Author) + "|" + sig(c.Committer) + "|" + c.Message
}

// gitFormat is describe's format for git log without the message
// (--date=iso-strict keeps the commit's own zone).
const gitFormat = "%T|%P|%an|%ae|%ad|%cn|%ce|%cd|"

// gitDescribe is describe of commit id as git reads it; the message is
// the raw one of git cat-file (git log's %B normalises its end).
func gitDescribe(t *testing.T, dir, id string) string {
	out := fixtures.Git(t, dir, "log", "-1", "--no-mailmap", "--date=iso-strict", "--format="+gitFormat, id)
	_, msg, _ := strings.Cut(fixtures.Git(t, dir, "cat-file", "commit", id), "\n\n")
	return strings.TrimSuffix(out, "\n") + msg
}
