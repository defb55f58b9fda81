package gdl

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSubpackagesImportDownward keeps the engine's packages in layers:
// kif (the sheet and its checks) under the evaluators, the top-down
// evaluator and the Prolog translation beside each other and never above
// the root package, which alone chooses between the engines. Their
// tests may import the root.
func TestSubpackagesImportDownward(t *testing.T) {
	const mod = "github.com/tabletop/tabletop/"
	allowed := map[string][]string{
		"kif":     {"game"},
		"topdown": {"game", "game/gdl/kif"},
		"prolog":  {"game/gdl/kif"},
	}
	fset := token.NewFileSet()
	for dir, ok := range allowed {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no Go files in %s (%v)", dir, err)
		}
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue // a test may use the packages above, as prolog's does
			}
			f, err := parser.ParseFile(fset, file, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				p, own := strings.CutPrefix(strings.Trim(imp.Path.Value, `"`), mod)
				if own && !slices.Contains(ok, p) {
					t.Errorf("%s imports %s; gdl/%s may import only %v of tabletop", file, p, dir, ok)
				}
			}
		}
	}
}
