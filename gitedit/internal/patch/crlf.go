package patch

import (
	"bytes"
	"slices"
	"strings"

	"github.com/gitedit/gitedit/engine/diff"
	"github.com/gitedit/gitedit/gitedit/internal/gitdiff"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
)

// applyChange is applyFileChange for a file of the working tree. A text
// patch to a file whose line endings git converts (core.autocrlf, the
// text and eol attributes: a CRLF checkout of LF content) is matched, as
// git apply matches it, against the converted content.
func applyChange(r *repo.Repo, st *repo.FileState, f *gitdiff.File) (*hunkResult, error) {
	if f.IsBinary || !st.Exists || st.IsLink() {
		return applyFileChange(st.Rel, st.Content, f)
	}
	clean, err := r.ToGit(st.Rel, st.Content)
	if err != nil {
		return nil, err
	}
	if bytes.Equal(clean, st.Content) {
		return applyFileChange(st.Rel, st.Content, f)
	}
	return applyTextHunksCRLF(st.Rel, st.Content, f.TextFragments)
}

// applyTextHunksCRLF is applyTextHunks for a file checked out with CRLF
// endings that git stores as LF: the hunks are matched against the lines
// with their CR dropped, as git apply does; every line the patch does not
// add keeps its bytes, and an added line ends in CRLF, as git's checkout
// would write it.
func applyTextHunksCRLF(path string, content []byte, frags []*gitdiff.TextFragment) (*hunkResult, error) {
	src := diff.SplitLines(string(content))
	keys := make([]string, len(src))
	for i, l := range src {
		keys[i] = l
		if strings.HasSuffix(l, "\r\n") {
			keys[i] = l[:len(l)-2] + "\n"
		}
	}
	_, res, err := placeHunks(path, keys, frags)
	if err != nil {
		return nil, err
	}
	res.Content = joinLines(replayHunks(src, frags, res.places))
	return res, nil
}

// replayHunks makes on the working-tree lines src the changes the hunks
// made where they were placed: context lines are taken from src, added
// lines from the patch, with CRLF.
func replayHunks(src []string, frags []*gitdiff.TextFragment, places []diff.Placement) []string {
	img := slices.Clone(src)
	delta := 0
	for i, f := range frags {
		at := places[i].Want + delta + places[i].Offset
		k := at
		var repl []string
		for _, l := range f.Lines {
			switch l.Op {
			case gitdiff.OpContext:
				repl, k = append(repl, img[k]), k+1
			case gitdiff.OpDelete:
				k++
			case gitdiff.OpAdd:
				repl = append(repl, withCRLF(l.Line))
			}
		}
		img = slices.Replace(img, at, k, repl...)
		delta += int(f.NewLines - f.OldLines)
	}
	return img
}

// withCRLF ends a newline-ended line in CRLF.
func withCRLF(l string) string {
	if strings.HasSuffix(l, "\n") && !strings.HasSuffix(l, "\r\n") {
		return l[:len(l)-1] + "\r\n"
	}
	return l
}
