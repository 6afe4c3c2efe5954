package main

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestGoFilesAreFormattedAndGrouped is the style check CI runs with the
// tests: every Go file of the module is as gofmt prints it, and its
// imports come in groups separated by blank lines, the standard library's
// first and alone, then the modules' (a module path starts with a domain,
// so its first element has a dot). testdata is skipped.
func TestGoFilesAreFormattedAndGrouped(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
			t.Errorf("%s is not gofmt-formatted (run gofmt -w %s)", path, path)
		}
		for _, msg := range importGroupErrors(path, src) {
			t.Errorf("%s: %s", path, msg)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// importGroupErrors returns what is wrong with the grouping of the
// imports of the Go source src (named path): a group that mixes the
// standard library with modules, or a standard-library group after a
// module group.
func importGroupErrors(path string, src []byte) []string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ImportsOnly)
	if err != nil {
		return []string{err.Error()}
	}
	var errs []string
	group, sawModule := 0, false
	groupStd := map[int]map[bool]bool{}
	for _, d := range f.Decls {
		decl, ok := d.(*ast.GenDecl)
		if !ok || decl.Tok != token.IMPORT {
			continue
		}
		group++ // each import declaration starts a group
		line := 0
		for _, spec := range decl.Specs {
			im := spec.(*ast.ImportSpec)
			if l := fset.Position(im.Pos()).Line; line != 0 && l > line+1 {
				group++
			}
			line = fset.Position(im.End()).Line
			p, _ := strconv.Unquote(im.Path.Value)
			std := !strings.Contains(strings.Split(p, "/")[0], ".")
			if groupStd[group] == nil {
				groupStd[group] = map[bool]bool{}
			}
			if groupStd[group][std] = true; len(groupStd[group]) == 2 {
				errs = append(errs, "import "+strconv.Quote(p)+" shares a group with imports of the other kind (standard library, then modules, in separate groups)")
				groupStd[group] = map[bool]bool{std: true}
			}
			if std && sawModule {
				errs = append(errs, "standard-library import "+strconv.Quote(p)+" comes after a module's (the standard library's group is first)")
			}
			sawModule = sawModule || !std
		}
	}
	return errs
}

func TestImportGroupErrorsFindsMixedAndLateGroups(t *testing.T) {
	for src, want := range map[string]int{
		"package p\nimport (\n\t\"fmt\"\n\n\t\"example.com/m\"\n)\n":     0,
		"package p\nimport (\n\t\"fmt\"\n\t\"example.com/m\"\n)\n":       1,
		"package p\nimport (\n\t\"example.com/m\"\n\n\t\"fmt\"\n)\n":     1,
		"package p\nimport (\n\t\"fmt\"\n\t// a comment\n\t\"os\"\n)\n":  0,
		"package p\nimport \"fmt\"\nimport \"example.com/m\"\n":          0,
		"package p\nimport (\n\t\"a.org/x\"\n\n\t\"example.com/m\"\n)\n": 0,
	} {
		if got := importGroupErrors("p.go", []byte(src)); len(got) != want {
			t.Errorf("%q: %d errors %q, want %d", src, len(got), got, want)
		}
	}
}
