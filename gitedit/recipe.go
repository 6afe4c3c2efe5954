package gitedit

import (
	"context"

	"github.com/gitedit/gitedit/gitedit/internal/recipe"
)

// DefaultRecipeFile is the recipe file `gitedit run` reads when it is
// given none, at the root of the working tree: ".gitedit.yaml".
const DefaultRecipeFile = recipe.DefaultFile

// LoadRecipes reads and validates the recipe file at path (YAML or JSON;
// see ParseRecipes). A missing file is invalid_input ("no such recipe
// file"), an unreadable one io_error, a malformed one invalid_input; the
// error names the path.
func LoadRecipes(path string) ([]Recipe, error) { return recipe.Load(path) }

// ParseRecipes parses and validates recipes: one recipe (a mapping) or
// several (a sequence of mappings), in YAML or JSON. Unknown fields, a
// missing name or edit, an item with both or neither of old_string and
// regex, an unknown match mode or a bad pattern are invalid_input naming
// the field ("recipes[1].edits[0].regex: ...").
func ParseRecipes(data []byte) ([]Recipe, error) { return recipe.Parse(data) }

// Run applies recipes to the tracked files they select as one atomic
// batch (one commit with opt.Commit, Edit-Tool: recipe and an
// Edit-Recipe trailer per recipe that changed something). Files are
// scanned in parallel with a literal prefilter; binary, filtered and
// missing files are skipped and counted. An item that finds nothing in a
// file is skipped there; any other item failure (ambiguous,
// count_mismatch), a recipe's expected_replacements total not met, or a
// refused batch (dirty, conflict, locked) changes nothing.
func (r *Repo) Run(ctx context.Context, req RunRequest, opt Options) (*RunResult, error) {
	return recipe.Run(ctx, r.core, req, opt)
}
