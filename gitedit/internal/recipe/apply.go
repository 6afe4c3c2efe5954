package recipe

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/gitedit/internal/commitmsg"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// compiledRecipe is a validated recipe with its globs and items prepared.
type compiledRecipe struct {
	spec.Recipe
	scope globSet
	items []*compiledEdit
}

// recipeSet is the recipes of one run, applied in order.
type recipeSet []*compiledRecipe

// compileRecipes validates and prepares recipes.
func compileRecipes(recipes []spec.Recipe) (recipeSet, error) {
	if len(recipes) == 0 {
		return nil, spec.Errorf(spec.CodeInvalidInput, "recipes: at least one recipe is required")
	}
	set := make(recipeSet, len(recipes))
	for i, rc := range recipes {
		if err := validateRecipe(&rc, fmt.Sprintf("recipes[%d]", i)); err != nil {
			return nil, err
		}
		c := &compiledRecipe{Recipe: rc, scope: compileGlobs(rc.Files)}
		for _, it := range rc.Edits {
			ce, _ := compileItem(it) // validate compiled it already
			c.items = append(c.items, ce)
		}
		set[i] = c
	}
	return set, nil
}

// inScope reports whether some recipe selects rel.
func (rs recipeSet) inScope(rel string) bool {
	for _, rc := range rs {
		if rc.scope.match(rel) {
			return true
		}
	}
	return false
}

// mayMatch is the literal prefilter: whether some item of a recipe that
// selects rel could match content (its needle occurs, or it has none).
func (rs recipeSet) mayMatch(rel string, content []byte) bool {
	for _, rc := range rs {
		if !rc.scope.match(rel) {
			continue
		}
		for _, it := range rc.items {
			if it.mayMatch(content) {
				return true
			}
		}
	}
	return false
}

// mayMatch reports whether the item's needle occurs in content.
func (it *compiledEdit) mayMatch(content []byte) bool {
	return len(it.needle) == 0 || bytes.Contains(content, it.needle)
}

// fileOutcome is what the recipes did to one file.
type fileOutcome struct {
	rel           string
	before, after []byte
	// perRecipe counts the replacements of each recipe (by index).
	perRecipe []int
	// applied counts the (item, file) applications that replaced text.
	applied int
	modes   []string
}

// changed reports whether the recipes changed the content.
func (o *fileOutcome) changed() bool { return !bytes.Equal(o.before, o.after) }

// replacements is the file's total number of replacements.
func (o *fileOutcome) replacements() int {
	n := 0
	for _, c := range o.perRecipe {
		n += c
	}
	return n
}

// apply runs every recipe that selects rel over content, in order. An
// item that finds nothing is skipped; any other failure (ambiguous,
// count_mismatch) refuses the file, naming the recipe and item.
func (rs recipeSet) apply(rel string, content []byte) (*fileOutcome, error) {
	o := &fileOutcome{rel: rel, before: content, perRecipe: make([]int, len(rs))}
	cur := string(content)
	for ri, rc := range rs {
		if !rc.scope.match(rel) {
			continue
		}
		for ii, it := range rc.items {
			next, a, err := it.applyTo(cur)
			if err != nil {
				return nil, recipeItemError(err, rel, rc.Name, ii)
			}
			if a.Replacements > 0 {
				o.perRecipe[ri] += a.Replacements
				o.applied++
				o.modes = commitmsg.AppendNew(o.modes, string(a.MatchMode))
			}
			cur = next
		}
	}
	o.after = []byte(cur)
	return o, nil
}

// applyTo applies the item to content; a not_found (or a needle that does
// not occur) is no replacement, not an error.
func (it *compiledEdit) applyTo(content string) (string, engine.Applied, error) {
	if it.needleStr != "" && !strings.Contains(content, it.needleStr) {
		return content, engine.Applied{}, nil
	}
	var out string
	var a engine.Applied
	var err error
	if it.regex != nil {
		out, a, err = engine.ApplyRegex(content, *it.regex)
	} else {
		out, a, err = engine.ApplyEdit(content, it.edit)
	}
	if errors.Is(err, &engine.Error{Code: engine.CodeNotFound}) {
		return content, engine.Applied{}, nil
	}
	return out, a, err
}

// recipeItemError names the file, recipe and item of an item's failure.
func recipeItemError(err error, rel, recipe string, item int) error {
	e := spec.AsError(err)
	return &spec.Error{Code: e.Code, FilePath: rel, EditIndex: &item, Lines: e.Lines, Err: err,
		Message: fmt.Sprintf("recipe %s: %s", recipe, e.Message)}
}
