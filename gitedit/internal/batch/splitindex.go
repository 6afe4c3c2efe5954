package batch

import (
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/gitedit/gitedit/gitedit/internal/durability"
	"github.com/gitedit/gitedit/gitedit/internal/index"
	"github.com/gitedit/gitedit/gitedit/internal/repo"
)

// splitIndex follows core.splitIndex and splitIndex.maxPercentChange
// before the index is written, as git's write_locked_index does: it
// writes a new shared index when git would (see index.PrepareSplit),
// with the permissions and sync of the index file, then removes the
// shared indexes splitIndex.sharedIndexExpire says have expired.
func (w *batchWriter) splitIndex() error {
	if !w.Idx.PrepareSplit(splitPolicy(w.r)) {
		return nil
	}
	dir := w.r.GitDir()         // git's git_path("sharedindex.%s")
	perm, _ := w.r.SharedPerm() // a bad value is refused when the batch is planned
	syncer := w.r.SyncerFor(durability.Index)
	name, err := w.Idx.WriteShared(dir, func(f *os.File) error {
		if syncer != nil {
			if err := syncer(f); err != nil {
				return err
			}
		}
		return perm.Adjust(f.Name())
	})
	if err != nil {
		return err
	}
	index.CleanShared(dir, name, sharedIndexExpiry(w.r, time.Now()))
	return nil
}

// splitPolicy reads core.splitIndex and splitIndex.maxPercentChange as git
// does: a value that is not a boolean, or not a percentage, counts as
// unset (git ignores the first and warns about the second).
func splitPolicy(r *repo.Repo) index.SplitPolicy {
	p := index.SplitPolicy{Split: -1, MaxPercentChange: -1}
	if v, set, err := r.ConfigBool("core.splitIndex"); set && err == nil {
		p.Split = 0
		if v {
			p.Split = 1
		}
	}
	if v, set := r.Config("splitIndex.maxPercentChange"); set {
		if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n >= 0 && n <= 100 {
			p.MaxPercentChange = n
		}
	}
	return p
}

// sharedIndexExpiry is the time at or before which an unused shared index
// has expired (splitIndex.sharedIndexExpire, git's default "2.weeks.ago");
// zero means never. Of git's approxidate it reads "now", "never" and
// "<n>.<unit>.ago" (units seconds to years, as git counts them); any
// other value removes nothing.
func sharedIndexExpiry(r *repo.Repo, now time.Time) time.Time {
	v, set := r.Config("splitIndex.sharedIndexExpire")
	if !set {
		v = "2.weeks.ago"
	}
	v = strings.ToLower(strings.TrimSpace(v))
	switch v {
	case "now":
		return now
	case "never":
		return time.Time{}
	}
	parts := strings.FieldsFunc(v, func(c rune) bool { return c == '.' || c == ' ' })
	if len(parts) != 3 || parts[2] != "ago" {
		return time.Time{}
	}
	n, err := strconv.Atoi(parts[0])
	unit, ok := expiryUnits[strings.TrimSuffix(parts[1], "s")]
	if err != nil || !ok || n < 0 {
		return time.Time{}
	}
	return now.Add(-time.Duration(n) * unit)
}

// expiryUnits are approxidate's units, as durations (a month is 30 days,
// a year 365, as git counts them).
var expiryUnits = map[string]time.Duration{
	"second": time.Second, "minute": time.Minute, "hour": time.Hour,
	"day": 24 * time.Hour, "week": 7 * 24 * time.Hour,
	"month": 30 * 24 * time.Hour, "year": 365 * 24 * time.Hour,
}
