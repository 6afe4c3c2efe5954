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
)

// DefaultRecipeFile is the recipe file `gitedit run` reads when it is
// given none, at the root of the working tree.
const DefaultRecipeFile = ".gitedit.yaml"

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
	OldString            string `yaml:"old_string,omitempty" json:"old_string,omitempty"`
	NewString            string `yaml:"new_string,omitempty" json:"new_string,omitempty"`
	ReplaceAll           bool   `yaml:"replace_all,omitempty" json:"replace_all,omitempty"`
	MatchMode            string `yaml:"match_mode,omitempty" json:"match_mode,omitempty"`
	ExpectedReplacements *int   `yaml:"expected_replacements,omitempty" json:"expected_replacements,omitempty"`
	// Regex is a Go RE2 pattern; every match is replaced by Replace, in
	// which $1, ${1}, $name and ${name} expand to submatches.
	Regex   string `yaml:"regex,omitempty" json:"regex,omitempty"`
	Replace string `yaml:"replace,omitempty" json:"replace,omitempty"`
}

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
		return nil, withPath(err, path)
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
		return nil, errorf(CodeInvalidInput, "recipe file: %v", err)
	}
	if len(node.Content) == 0 {
		return nil, errorf(CodeInvalidInput, "recipe file: empty")
	}
	recipes, err := decodeRecipes(data, node.Content[0].Kind == yaml.SequenceNode)
	if err != nil {
		return nil, err
	}
	for i := range recipes {
		if err := recipes[i].validate(fmt.Sprintf("recipes[%d]", i)); err != nil {
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
		return nil, errorf(CodeInvalidInput, "recipe file: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if len(recipes) == 0 {
		return nil, errorf(CodeInvalidInput, "recipe file: no recipe")
	}
	return recipes, nil
}

// validate checks one recipe; at names it in messages.
func (rc *Recipe) validate(at string) error {
	if strings.TrimSpace(rc.Name) == "" {
		return errorf(CodeInvalidInput, "%s.name: a recipe needs a name (the Edit-Recipe trailer)", at)
	}
	at = fmt.Sprintf("%s (%s)", at, rc.Name)
	if len(rc.Edits) == 0 {
		return errorf(CodeInvalidInput, "%s.edits: at least one edit is required", at)
	}
	if x := rc.ExpectedReplacements; x != nil && *x < 0 {
		return errorf(CodeInvalidInput, "%s.expected_replacements: must not be negative", at)
	}
	for _, g := range rc.Files {
		if strings.TrimPrefix(g, "!") == "" {
			return errorf(CodeInvalidInput, "%s.files: empty glob", at)
		}
	}
	for i, it := range rc.Edits {
		if err := it.validate(fmt.Sprintf("%s.edits[%d]", at, i)); err != nil {
			return err
		}
	}
	return nil
}

// validate checks one edit item by compiling it.
func (it RecipeEdit) validate(at string) error {
	_, err := it.compile()
	if err != nil {
		return errorf(CodeInvalidInput, "%s: %s", at, strings.TrimPrefix(err.Error(), "invalid_input: "))
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

// compile checks the item and prepares it.
func (it RecipeEdit) compile() (*compiledEdit, error) {
	switch {
	case it.Regex != "" && it.OldString != "":
		return nil, errors.New("give either old_string or regex, not both")
	case it.Regex != "":
		return it.compileRegex()
	case it.OldString == "":
		return nil, errors.New("old_string (or regex) is required; a recipe cannot write whole files")
	case it.Replace != "":
		return nil, errors.New("replace goes with regex; use new_string with old_string")
	}
	return it.compileLiteral()
}

// compileRegex prepares a regex item.
func (it RecipeEdit) compileRegex() (*compiledEdit, error) {
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
func (it RecipeEdit) compileLiteral() (*compiledEdit, error) {
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
