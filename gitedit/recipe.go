package gitedit

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// DefaultRecipeFile is the recipe file `gitedit run` reads when it is
// given none, at the root of the working tree.
const DefaultRecipeFile = ".gitedit.yaml"

// LoadRecipes reads and validates the recipe file at path (YAML or JSON).
// A missing or unreadable file is io_error; a malformed one invalid_input.
func LoadRecipes(path string) ([]Recipe, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &Error{Code: CodeInvalidInput, FilePath: path, Message: "no such recipe file", Err: err}
	}
	if err != nil {
		return nil, &Error{Code: CodeIOError, FilePath: path, Message: fmt.Sprintf("read recipe file: %v", err), Err: err}
	}
	recipes, err := ParseRecipes(data)
	if err != nil {
		return nil, spec.WithPath(err, path)
	}
	return recipes, nil
}

// ParseRecipes parses and validates recipes: one recipe (a mapping) or
// several (a sequence of mappings), in YAML or JSON. Unknown fields, a
// missing name or edit, an item with both or neither of old_string and
// regex, an unknown match mode or a bad pattern are invalid_input naming
// the field ("recipes[1].edits[0].regex: ...").
func ParseRecipes(data []byte) ([]Recipe, error) {
	var node yaml.Node
	if err := yaml.Unmarshal(data, &node); err != nil {
		return nil, spec.Errorf(CodeInvalidInput, "recipe file: %v", err)
	}
	if len(node.Content) == 0 {
		return nil, spec.Errorf(CodeInvalidInput, "recipe file: empty")
	}
	recipes, err := decodeRecipes(data, node.Content[0].Kind == yaml.SequenceNode)
	if err != nil {
		return nil, err
	}
	for i := range recipes {
		if err := validateRecipe(&recipes[i], fmt.Sprintf("recipes[%d]", i)); err != nil {
			return nil, err
		}
	}
	return recipes, nil
}

// decodeRecipes decodes data strictly (unknown fields refused) as one
// recipe or, with list, a sequence of them.
func decodeRecipes(data []byte, list bool) ([]Recipe, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var recipes []Recipe
	var err error
	if list {
		err = dec.Decode(&recipes)
	} else {
		var one Recipe
		err = dec.Decode(&one)
		recipes = []Recipe{one}
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, spec.Errorf(CodeInvalidInput, "recipe file: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if len(recipes) == 0 {
		return nil, spec.Errorf(CodeInvalidInput, "recipe file: no recipe")
	}
	return recipes, nil
}

// validateRecipe checks one recipe; at names it in messages.
func validateRecipe(rc *Recipe, at string) error {
	if strings.TrimSpace(rc.Name) == "" {
		return spec.Errorf(CodeInvalidInput, "%s.name: a recipe needs a name (the Edit-Recipe trailer)", at)
	}
	at = fmt.Sprintf("%s (%s)", at, rc.Name)
	if len(rc.Edits) == 0 {
		return spec.Errorf(CodeInvalidInput, "%s.edits: at least one edit is required", at)
	}
	if x := rc.ExpectedReplacements; x != nil && *x < 0 {
		return spec.Errorf(CodeInvalidInput, "%s.expected_replacements: must not be negative", at)
	}
	for _, g := range rc.Files {
		if strings.TrimPrefix(g, "!") == "" {
			return spec.Errorf(CodeInvalidInput, "%s.files: empty glob", at)
		}
	}
	for i, it := range rc.Edits {
		if err := validateItem(it, fmt.Sprintf("%s.edits[%d]", at, i)); err != nil {
			return err
		}
	}
	return nil
}

// validateItem checks one edit item by compiling it.
func validateItem(it RecipeEdit, at string) error {
	_, err := compileItem(it)
	if err != nil {
		return spec.Errorf(CodeInvalidInput, "%s: %s", at, strings.TrimPrefix(err.Error(), "invalid_input: "))
	}
	return nil
}

// compiledEdit is a recipe item ready to apply: a regex or an engine edit,
// with the literal every matching content holds ("" when unknown).
type compiledEdit struct {
	regex     *engine.RegexEdit
	edit      engine.Edit
	needle    []byte
	needleStr string
}

// compileItem checks the item and prepares it.
func compileItem(it RecipeEdit) (*compiledEdit, error) {
	switch {
	case it.Regex != "" && it.OldString != "":
		return nil, errors.New("give either old_string or regex, not both")
	case it.Regex != "":
		return compileRegex(it)
	case it.OldString == "":
		return nil, errors.New("old_string (or regex) is required; a recipe cannot write whole files")
	case it.Replace != "":
		return nil, errors.New("replace goes with regex; use new_string with old_string")
	}
	return compileLiteral(it)
}

// compileRegex prepares a regex item.
func compileRegex(it RecipeEdit) (*compiledEdit, error) {
	if it.NewString != "" || it.MatchMode != "" || it.ReplaceAll || it.ExpectedReplacements != nil {
		return nil, errors.New("a regex item takes only regex and replace (it replaces every match)")
	}
	re, err := engine.CompileRegex(it.Regex, it.Replace)
	if err != nil {
		return nil, err
	}
	hint := re.LiteralHint()
	return &compiledEdit{regex: &re, needle: []byte(hint), needleStr: hint}, nil
}

// compileLiteral prepares an old_string item; its needle is the longest
// line of old_string when it matches exactly.
func compileLiteral(it RecipeEdit) (*compiledEdit, error) {
	mode := it.MatchMode
	if mode == "" {
		mode = string(engine.Exact)
	}
	edits, err := engineEdits([]EditItem{{OldString: it.OldString, NewString: it.NewString, ReplaceAll: it.ReplaceAll,
		MatchMode: mode, ExpectedReplacements: it.ExpectedReplacements}}, "")
	if err != nil {
		return nil, errors.New(strings.TrimPrefix(AsError(err).Message, "edits[0]."))
	}
	c := &compiledEdit{edit: edits[0]}
	if edits[0].MatchMode == engine.Exact {
		c.needleStr = longestLine(it.OldString)
		c.needle = []byte(c.needleStr)
	}
	return c, nil
}

// longestLine returns the longest line of s (CR dropped): a content that
// holds s exactly, with LF or CRLF line breaks, holds that line.
func longestLine(s string) string {
	best := ""
	for _, l := range strings.Split(s, "\n") {
		l = strings.TrimSuffix(l, "\r")
		if len(l) > len(best) {
			best = l
		}
	}
	return best
}
