package spec

// Recipe is a named refactor: edit items applied to every tracked file
// that its globs select, as one batch (issue 7).
type Recipe struct {
	// Name is the Edit-Recipe trailer value; required.
	Name string `yaml:"name" json:"name"`
	// Message is the commit subject (and body) when -m gives none.
	Message string `yaml:"message,omitempty" json:"message,omitempty"`
	// Files are the globs, matched in order against repository-relative
	// paths: "**" any number of folders, "*" and "?" within one path
	// segment, [classes]; a leading "!" excludes. A path is in scope when
	// the last glob it matches is not a negation; with only negations (or
	// none) every path starts in scope.
	Files []string `yaml:"files,omitempty" json:"files,omitempty"`
	// Edits apply in order to each file, each on the result of the
	// previous one; an item that finds nothing in a file is skipped there.
	Edits []RecipeEdit `yaml:"edits" json:"edits"`
	// ExpectedReplacements, when set, must equal the total number of
	// replacements the recipe makes over all files (count_mismatch).
	ExpectedReplacements *int `yaml:"expected_replacements,omitempty" json:"expected_replacements,omitempty"`
}

// RecipeEdit is one item of a recipe: a multiedit item of docs/reference.md#multiedit
// (old_string, new_string, replace_all, match_mode, expected_replacements)
// or a regex item (regex, replace). Exactly one of OldString and Regex is
// set. Items without match_mode match exactly (not auto): a recipe runs
// over many files, where a tolerant match is a surprise.
type RecipeEdit struct {
	// OldString is the text to replace, as in a multiedit item.
	OldString string `yaml:"old_string,omitempty" json:"old_string,omitempty"`
	// NewString is the replacement, as in a multiedit item.
	NewString string `yaml:"new_string,omitempty" json:"new_string,omitempty"`
	// ReplaceAll replaces every match in a file instead of requiring a unique
	// one.
	ReplaceAll bool `yaml:"replace_all,omitempty" json:"replace_all,omitempty"`
	// MatchMode names the item's match mode; "" means exact (not auto).
	MatchMode string `yaml:"match_mode,omitempty" json:"match_mode,omitempty"`
	// ExpectedReplacements, when set, refuses a file unless the item replaces
	// exactly this many matches in it.
	ExpectedReplacements *int `yaml:"expected_replacements,omitempty" json:"expected_replacements,omitempty"`
	// Regex is a Go RE2 pattern; every match is replaced by Replace, in
	// which $1, ${1}, $name and ${name} expand to submatches.
	Regex string `yaml:"regex,omitempty" json:"regex,omitempty"`
	// Replace is the replacement of a Regex item.
	Replace string `yaml:"replace,omitempty" json:"replace,omitempty"`
}

// RunRequest is `gitedit run` (issue 7): recipes applied to tracked files
// as one atomic batch.
type RunRequest struct {
	// Recipes, when not empty, are used as given; otherwise RecipeFile is
	// loaded (relative to the folder the repository was opened from, as
	// paths are, or absolute), and when
	// that is empty too, .gitedit.yaml at the root of the working tree.
	Recipes []Recipe
	// RecipeFile is the recipe file to load when Recipes is empty (see
	// Recipes).
	RecipeFile string
	// Paths, when not empty, narrow the scope to these files (relative to
	// the current directory, or absolute), as pre-commit passes them; the
	// recipes' globs still apply. Paths that are not tracked regular files
	// are skipped and counted. Empty: every tracked file.
	Paths []string
	// Check computes everything and writes nothing (no file, object,
	// index entry or ref); RunResult.Changed tells whether anything would
	// change (CI and pre-commit exit 1 then).
	Check bool
	// Progress, when set, is called from one goroutine as files are
	// scanned (every few hundred files and at the end); the caller
	// decides whether to draw anything.
	Progress func(RunProgress) `json:"-"`
}

// RunResult is the outcome of a run: the docs/reference.md#results result (files, diff,
// counts, commit) with the recipe statistics added; its JSON form is the
// --json output. Changed with Check set means "would change".
type RunResult struct {
	// Result is the applied batch: files, diff, counts and commit.
	Result
	// Check echoes RunRequest.Check.
	Check bool `json:"check"`
	// Recipes has one entry per recipe, in order.
	Recipes []RecipeStat `json:"recipes"`
	// Scanned is the number of files in scope: read, or decided from the
	// scan cache.
	Scanned int `json:"files_scanned"`
	// FromCache is the number of scanned files decided from the scan
	// cache without being read (their stat data unchanged since a scan
	// that found them binary or without the needles).
	FromCache int `json:"files_from_cache"`
	// Skipped counts the files in scope left alone.
	Skipped Skipped `json:"skipped"`
}

// RecipeStat is what one recipe did.
type RecipeStat struct {
	// Name is the recipe's name.
	Name string `json:"name"`
	// Files is the number of files the recipe changed.
	Files int `json:"files"`
	// Replacements is the number of replacements the recipe made.
	Replacements int `json:"replacements"`
}

// RunProgress is a snapshot of a run's scan: Done of Total files read.
type RunProgress struct {
	// Done is the number of files scanned so far, of Total in scope.
	Done, Total int
}

// Skipped counts the files in a run's scope that were left alone.
type Skipped struct {
	// Binary files have a NUL byte in their first 8000 bytes.
	Binary int `json:"binary"`
	// Filtered files matched a recipe but are under a clean/smudge filter
	// (LFS), working-tree-encoding or ident, which gitedit does not apply.
	Filtered int `json:"filtered"`
	// Missing files are tracked but not a regular file in the working
	// tree (deleted, or replaced by a folder or symlink).
	Missing int `json:"missing"`
	// Untracked are explicit paths that are not tracked regular files.
	Untracked int `json:"untracked"`
}
