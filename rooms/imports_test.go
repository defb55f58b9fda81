package rooms_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// forbiddenImports are what rooms must not reach: the client, the server
// and every terminal library, so that rooms stay usable by any front end.
var forbiddenImports = []string{
	"github.com/tabletop/tabletop/ui",
	"github.com/tabletop/tabletop/themes",
	"github.com/tabletop/tabletop/server",
	"charm.land/bubbletea/v2",
	"charm.land/lipgloss/v2",
	"charm.land/bubbles/v2",
	"github.com/charmbracelet",
	"charm.land/wish/v2",
	"charm.land/ssh",
}

func forbidden(path string) bool {
	for _, bad := range forbiddenImports {
		if path == bad || strings.HasPrefix(path, bad+"/") {
			return true
		}
	}
	return false
}

// TestRoomsImportNoUI checks every file under rooms/ (tests included).
func TestRoomsImportNoUI(t *testing.T) {
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
			if p := strings.Trim(imp.Path.Value, `"`); forbidden(p) {
				t.Errorf("%s imports %s: rooms must not depend on UI, server or terminal code", path, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no Go files found under rooms/")
	}
}

// TestRoomsDependNoUI checks the packages rooms pulls in indirectly too
// (a logging library that draws with lipgloss would slip past the file
// check above).
func TestRoomsDependNoUI(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH:", err)
	}
	out, err := exec.Command(goTool, "list", "-deps", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		t.Fatal("go list named no dependencies")
	}
	for _, p := range deps {
		if forbidden(p) {
			t.Errorf("rooms depends on %s", p)
		}
	}
}
