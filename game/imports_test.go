package game_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestGameImportsNoUIOrAI keeps the rules engine independent: nothing under
// game/ may import the UI, the AI, the server or any terminal library.
func TestGameImportsNoUIOrAI(t *testing.T) {
	forbidden := []string{
		"github.com/charmbracelet/",
		"charm.land/",
		"github.com/tabletop/tabletop/ai",
		"github.com/tabletop/tabletop/ui",
		"github.com/tabletop/tabletop/themes",
		"github.com/tabletop/tabletop/server",
	}
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			p := strings.Trim(imp.Path.Value, `"`)
			for _, bad := range forbidden {
				if strings.HasPrefix(p, bad) {
					t.Errorf("%s imports %s: game must not depend on UI, AI or server code", path, p)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no Go files found under game/")
	}
}
