package repo

import (
	"os"
	"strconv"
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// ReadIndex parses the index file; a missing one is an empty index of the
// version git would create (newIndexVersion).
func (r *Repo) ReadIndex() (*index.Index, error) {
	idx, err := index.ReadIn(r.IndexFile(), r.GitDir())
	if err != nil {
		return nil, spec.IOError("read index", err)
	}
	if idx.Missing {
		idx.Version = newIndexVersion(r)
	}
	return idx, nil
}

// newIndexVersion is the version git gives an index file it creates
// (read-cache.c get_index_format_default): GIT_INDEX_VERSION when set,
// else index.version, else 4 under feature.manyFiles, else 3, which
// the writer turns into 2 when no entry needs extended flags, as git's
// does. A value that is not a version from 2 to 4 gives 3, as in git
// (which warns).
func newIndexVersion(r *Repo) uint32 {
	v, set := os.LookupEnv("GIT_INDEX_VERSION")
	if !set {
		v, set = r.Config("index.version")
	}
	if !set {
		if many, _, _ := r.ConfigBool("feature.manyFiles"); many {
			return 4
		}
		return 3
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || n < 2 || n > 4 {
		return 3
	}
	return uint32(n)
}
