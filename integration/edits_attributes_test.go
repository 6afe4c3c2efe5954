package integration

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gitedit/gitedit/fixtures"
)

// TestAttributesWrittenInTheBatchJudgeItsFiles: a batch that writes a
// .gitattributes and a file it governs is judged by the attributes it
// leaves. A filter= line for the edited file makes the batch unsupported
// (nothing changes); a text/eol line makes the edited file's blob what git
// add gives after the batch (git add in a clone is the oracle), with no
// phantom difference left.
func TestAttributesWrittenInTheBatchJudgeItsFiles(t *testing.T) {
	t.Run("filter", func(t *testing.T) {
		dir := fixtures.NewRepo(t, map[string]string{"secret.txt": "one\n", "other.txt": "x\n"})
		before := take(t, dir)
		batch := `{"operations":[{"file_path":".gitattributes","old_string":"","new_string":"secret.txt filter=lfs diff=lfs merge=lfs -text\n"},` +
			`{"file_path":"secret.txt","old_string":"one","new_string":"two"}]}`
		m, r := jsonResult(t, dir, batch, "batch", "-", "--commit")
		require.Equal(t, 1, r.code, "%+v", r)
		require.Equal(t, "unsupported", m["error"].(map[string]any)["code"], r.stdout)
		require.Contains(t, r.stdout, "filter")
		requireUnchanged(t, before, take(t, dir))
	})
	t.Run("filter on another file", func(t *testing.T) {
		dir := fixtures.NewRepo(t, map[string]string{"secret.txt": "one\n", "other.txt": "x\n"})
		batch := `{"operations":[{"file_path":".gitattributes","old_string":"","new_string":"secret.txt filter=lfs\n"},` +
			`{"file_path":"other.txt","old_string":"x","new_string":"y"}]}`
		_, r := jsonResult(t, dir, batch, "batch", "-", "--commit")
		require.Equal(t, 0, r.code, "%+v", r)
	})
	for _, attrs := range []string{"*.txt text eol=crlf\n", "*.txt text eol=lf\n", "*.txt text=auto\n", "*.txt -text\n"} {
		t.Run(attrs, func(t *testing.T) {
			dir := fixtures.NewRepo(t, nil)
			write(t, dir, "a.txt", "one\r\ntwo\r\n")
			write(t, dir, "sub/b.txt", "bee\r\n")
			git(t, dir, "add", ".")
			git(t, dir, "commit", "-qm", "crlf blobs")
			batch := `{"operations":[{"file_path":".gitattributes","old_string":"","new_string":` + jsonString(attrs) + `},` +
				`{"file_path":"a.txt","old_string":"one","new_string":"uno"},{"file_path":"sub/b.txt","old_string":"bee","new_string":"wasp"}]}`
			oracle := filepath.Join(filepath.Dir(dir), "oracle")
			git(t, filepath.Dir(dir), "clone", "-q", dir, oracle)
			_, r := jsonResult(t, dir, batch, "batch", "-", "--commit")
			require.Equal(t, 0, r.code, "%+v", r)
			// The oracle: the same files written in a clone, then git add.
			for _, f := range []string{"a.txt", "sub/b.txt", ".gitattributes"} {
				write(t, oracle, f, read(t, dir, f))
			}
			git(t, oracle, "add", "-A")
			for _, f := range []string{"a.txt", "sub/b.txt", ".gitattributes"} {
				require.Equal(t, git(t, oracle, "rev-parse", ":"+f), git(t, dir, "rev-parse", ":"+f), "%s: the staged blob is what git add gives after the batch", f)
				require.Equal(t, git(t, dir, "rev-parse", ":"+f), git(t, dir, "rev-parse", "HEAD:"+f), f)
			}
			require.Equal(t, "", git(t, dir, "status", "--porcelain"))
			requireHealthy(t, dir)
		})
	}
}

// jsonString quotes s as a JSON string.
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
