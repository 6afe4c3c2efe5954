package recipe

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/gitedit/gitedit/engine"
	"github.com/gitedit/gitedit/gitedit/internal/spec"
	"github.com/gitedit/gitedit/internal/interrupt"
)

// DefaultFile is the recipe file `gitedit run` reads when it is
// given none, at the root of the working tree.
const DefaultFile = ".gitedit.yaml"

// Load reads and validates the recipe file at path (YAML or JSON; see
// Parse). A missing file is invalid_input ("no such recipe file"), an
// unreadable one io_error, a malformed one invalid_input; the error names
// the path.
func Load(path string) ([]spec.Recipe, error) { return LoadContext(context.Background(), path) }

// LoadContext is Load that gives up, with ctx's cause, when ctx ends
// while the file's open or read blocks (a named pipe nobody writes to, as
// `gitedit run <(generator)` reads).
func LoadContext(ctx context.Context, path string) ([]spec.Recipe, error) {
	data, err := interrupt.Do(ctx, func() ([]byte, error) { return os.ReadFile(path) })
	if ctx.Err() != nil && errors.Is(err, context.Cause(ctx)) {
		return nil, fmt.Errorf("read recipe file %s: %w", path, err)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &spec.Error{Code: spec.CodeInvalidInput, FilePath: path, Message: "no such recipe file", Err: err}
	}
	if err != nil {
		return nil, &spec.Error{Code: spec.CodeIOError, FilePath: path, Message: fmt.Sprintf("read recipe file: %v", err), Err: err}
	}
	recipes, err := Parse(data)
	if err != nil {
		return nil, spec.WithPath(err, path)
	}
	return recipes, nil
}

// Parse parses and validates recipes: one recipe (a mapping) or
// several (a sequence of mappings), in YAML or JSON. Unknown fields, a
// missing name or edit, an item with both or neither of old_string and
// regex, an unknown match mode or a bad pattern are invalid_input naming
// the field ("recipes[1].edits[0].regex: ...").
func Parse(data []byte) ([]spec.Recipe, error) {
	var node yaml.Node
	if err := yaml.Unmarshal(data, &node); err != nil {
		return nil, spec.Errorf(spec.CodeInvalidInput, "recipe file: %v", err)
	}
	if len(node.Content) == 0 {
		return nil, spec.Errorf(spec.CodeInvalidInput, "recipe file: empty")
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
func decodeRecipes(data []byte, list bool) ([]spec.Recipe, error) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var recipes []spec.Recipe
	var err error
	if list {
		err = dec.Decode(&recipes)
	} else {
		var one spec.Recipe
		err = dec.Decode(&one)
		recipes = []spec.Recipe{one}
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, spec.Errorf(spec.CodeInvalidInput, "recipe file: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if len(recipes) == 0 {
		return nil, spec.Errorf(spec.CodeInvalidInput, "recipe file: no recipe")
	}
	return recipes, nil
}

// validateRecipe checks one recipe; at names it in messages.
func validateRecipe(rc *spec.Recipe, at string) error {
	if strings.TrimSpace(rc.Name) == "" {
		return spec.Errorf(spec.CodeInvalidInput, "%s.name: a recipe needs a name (the Edit-spec.Recipe trailer)", at)
	}
	at = fmt.Sprintf("%s (%s)", at, rc.Name)
	if len(rc.Edits) == 0 {
		return spec.Errorf(spec.CodeInvalidInput, "%s.edits: at least one edit is required", at)
	}
	if x := rc.ExpectedReplacements; x != nil && *x < 0 {
		return spec.Errorf(spec.CodeInvalidInput, "%s.expected_replacements: must not be negative", at)
	}
	for _, g := range rc.Files {
		if strings.TrimPrefix(g, "!") == "" {
			return spec.Errorf(spec.CodeInvalidInput, "%s.files: empty glob", at)
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
func validateItem(it spec.RecipeEdit, at string) error {
	_, err := compileItem(it)
	if err != nil {
		return spec.Errorf(spec.CodeInvalidInput, "%s: %s", at, strings.TrimPrefix(err.Error(), "invalid_input: "))
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
func compileItem(it spec.RecipeEdit) (*compiledEdit, error) {
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
func compileRegex(it spec.RecipeEdit) (*compiledEdit, error) {
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

// compileLiteral prepares an old_string item (match mode exact unless it
// names one); its needle is the longest line of old_string when it
// matches exactly. The engine checks the same fields when it applies an
// edit; they are checked here so that a bad recipe is refused on load.
func compileLiteral(it spec.RecipeEdit) (*compiledEdit, error) {
	mode, err := engine.ParseMatchMode(cmp.Or(it.MatchMode, string(engine.Exact)))
	if err != nil {
		return nil, errors.New("match_mode: " + spec.AsError(err).Message)
	}
	if x := it.ExpectedReplacements; x != nil && *x < 1 {
		return nil, errors.New("expected_replacements: must be at least 1")
	}
	c := &compiledEdit{edit: engine.Edit{OldString: it.OldString, NewString: it.NewString, ReplaceAll: it.ReplaceAll,
		MatchMode: mode, ExpectedReplacements: it.ExpectedReplacements}}
	if mode == engine.Exact {
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
