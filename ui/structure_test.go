package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// testSupport is the client's test-support package: code for the tests
// of every client package (keys, a store in memory, command runners),
// counted as test code.
const testSupport = "internal/uitest"

// uiGoFiles lists the Go files of the client: this package and its
// sub-packages (ui/common, ui/adapters, ui/match, ui/board, ui/pages),
// with the test files (and testSupport) when tests is set.
func uiGoFiles(t *testing.T, tests bool) []string {
	t.Helper()
	var paths []string
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		isTest := strings.HasSuffix(p, "_test.go") || strings.HasPrefix(filepath.ToSlash(p), testSupport+"/")
		if !d.IsDir() && strings.HasSuffix(p, ".go") && (tests || !isTest) {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return paths
}

// parseUI parses the client's non-test files, in every package of it,
// keyed by their slash-separated paths below ui ("board/board.go").
func parseUI(t *testing.T) (*token.FileSet, map[string]*ast.File) {
	t.Helper()
	return parseFiles(t, uiGoFiles(t, false))
}

// parseFiles parses paths, keyed by their slash-separated paths.
func parseFiles(t *testing.T, paths []string) (*token.FileSet, map[string]*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	for _, p := range paths {
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.ToSlash(p)] = f
	}
	return fset, files
}

// No function of the UI is longer than 80 lines: a screen that needs a
// longer one has more than one job in it.
func TestFunctionLength(t *testing.T) {
	const most = 80
	fset, files := parseUI(t)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			var body *ast.BlockStmt
			name := "func literal"
			switch fn := n.(type) {
			case *ast.FuncDecl:
				body, name = fn.Body, fn.Name.Name
			case *ast.FuncLit:
				body = fn.Body
			}
			if body == nil {
				return true
			}
			from, to := fset.Position(n.Pos()), fset.Position(body.End())
			if lines := to.Line - from.Line + 1; lines > most {
				t.Errorf("%s: %s is %d lines long (at most %d)", from, name, lines, most)
			}
			return true
		})
	}
}

// keyNames are the names Bubble Tea gives keys that are not characters.
var keyNames = map[string]bool{
	"enter": true, "esc": true, "tab": true, "shift+tab": true, "backspace": true, "delete": true,
	"up": true, "down": true, "left": true, "right": true, "home": true, "end": true,
	"pgup": true, "pgdown": true, "insert": true,
}

// isKeyLiteral reports whether a string literal names a key: a key name,
// a ctrl+ or alt+ combination, or a single character.
func isKeyLiteral(e ast.Expr) (string, bool) {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		return "", false
	}
	return s, keyNames[s] || strings.HasPrefix(s, "ctrl+") || strings.HasPrefix(s, "alt+") || utf8.RuneCountInString(s) == 1
}

// Keys are matched through the key maps (bubbles/key bindings), which
// the help shows too, so that the keys a view takes and the keys its help
// lists are the same: no key string literal is compared anywhere else.
func TestNoKeyLiteralsOutsideKeyMaps(t *testing.T) {
	fset, files := parseUI(t)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			var operands []ast.Expr
			switch n := n.(type) {
			case *ast.BinaryExpr:
				if n.Op == token.EQL || n.Op == token.NEQ {
					operands = []ast.Expr{n.X, n.Y}
				}
			case *ast.CaseClause:
				operands = n.List
			}
			for _, e := range operands {
				if s, ok := isKeyLiteral(e); ok {
					t.Errorf("%s: key %q compared outside a key map", fset.Position(e.Pos()), s)
				}
			}
			return true
		})
	}
}

// clientLayers are the client's packages, each with the client packages
// it may import: dependencies point one way, from the root model down to
// the shared widgets. The board opens the screens above it (the menu, a
// setup) through hooks that ui/pages sets (see board.OpenMenu).
var clientLayers = map[string][]string{
	"common":         nil,
	"adapters":       {"common"},
	"match":          {"common"},
	"board/analysis": {"common"},
	"board":          {"common", "adapters", "match", "board/analysis"},
	"pages":          {"common", "adapters", "match", "board"},
	".":              {"common", "adapters", "match", "board", "pages"},
	// The tests of every package above may import testSupport too.
	testSupport: nil,
}

// TestClientLayers checks every import of the client's packages, their
// tests' too, against clientLayers (a test file may import testSupport
// as well), and that no client directory is left out of it.
func TestClientLayers(t *testing.T) {
	const prefix = "github.com/tabletop/tabletop/ui"
	fset := token.NewFileSet()
	seen := map[string]bool{}
	for _, p := range uiGoFiles(t, true) {
		dir := filepath.ToSlash(filepath.Dir(p))
		allowed, ok := clientLayers[dir]
		if !ok {
			t.Errorf("%s: the package ui/%s is not in clientLayers: place it in the client's layers", p, dir)
			continue
		}
		seen[dir] = true
		f, err := parser.ParseFile(fset, p, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if path != prefix && !strings.HasPrefix(path, prefix+"/") {
				continue
			}
			sub := strings.TrimPrefix(strings.TrimPrefix(path, prefix), "/")
			if sub == testSupport && strings.HasSuffix(p, "_test.go") {
				continue
			}
			if sub == "" || !slices.Contains(allowed, sub) {
				t.Errorf("%s imports %s: ui/%s may import only %v of the client", p, path, dir, allowed)
			}
		}
	}
	for dir := range clientLayers {
		if !seen[dir] {
			t.Errorf("clientLayers names ui/%s, which has no Go files", dir)
		}
	}
}

// TestGameSpecificCodeStaysInItsFile keeps one place per game in the UI:
// only variant_<game>.go imports a game's package, and what such a file
// declares (its adapter type, helpers, keys) is named in no other file.
func TestGameSpecificCodeStaysInItsFile(t *testing.T) {
	fset, files := parseFiles(t, uiGoFiles(t, true))
	gameFile := func(p string) bool {
		return strings.HasPrefix(p, "adapters/variant_") && p != "adapters/variant_grid.go" && !strings.HasSuffix(p, "_test.go")
	}
	owner := map[string]string{} // top-level name → its game file
	for p, f := range files {
		for _, imp := range f.Imports {
			path := strings.Trim(imp.Path.Value, `"`)
			if strings.HasPrefix(path, "github.com/tabletop/tabletop/game/") && !gameFile(p) && !strings.HasSuffix(p, "_test.go") {
				t.Errorf("%s imports %s: only a variant_<game>.go may", p, path)
			}
		}
		if !gameFile(p) {
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name != "init" {
					owner[d.Name.Name] = p
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						owner[sp.Name.Name] = p
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							owner[n.Name] = p
						}
					}
				}
			}
		}
	}
	for _, name := range []string{"quadUI", "pentagoUI", "ttcUI"} {
		if owner[name] == "" {
			t.Errorf("%s is not declared in a variant_<game>.go file", name)
		}
	}
	for p, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if ok && owner[id.Name] != "" && owner[id.Name] != p {
				t.Errorf("%s: %s names %s, which belongs to %s", fset.Position(id.Pos()), p, id.Name, owner[id.Name])
			}
			return true
		})
	}
}

// The adapters build moves with the games' constructors: no adapter
// writes notation for the game to read back (ParseMove, PlayText); the
// match checks the move once, in the game's words (game.Check).
func TestAdaptersBuildTypedMoves(t *testing.T) {
	fset, files := parseUI(t)
	for p, f := range files {
		if !strings.HasPrefix(path.Base(p), "variant") {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && (sel.Sel.Name == "ParseMove" || sel.Sel.Name == "PlayText") {
				t.Errorf("%s: an adapter calls %s: build the move with the game's constructors", fset.Position(sel.Pos()), sel.Sel.Name)
			}
			return true
		})
	}
}

// One Game Manager: the client drives its GGP seats through the table
// (table.Driver) and ggp's own seat (ggp.RemoteSeat), as the command
// line's manager does; no client file writes GGP messages itself. (The
// client's second manager sent ggp.Message values with Remote.Send.)
func TestClientHasNoGameManagerOfItsOwn(t *testing.T) {
	fset, files := parseUI(t)
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "ggp" && (sel.Sel.Name == "Message" || sel.Sel.Name == "Remote") {
				t.Errorf("%s: the client uses ggp.%s: GGP seats play through table.Driver and ggp.RemoteSeat", fset.Position(sel.Pos()), sel.Sel.Name)
			}
			return true
		})
	}
}

// One game loop: a local game's moves are played, replayed and replaced
// by the table alone (table.Table's Play and Commit, its Replay, its one
// fallback). No file of the local match applies a move to a position,
// splits a game into turns to replay it, or picks a random move itself.
// (match_local.go played moves with game.Play, match_ai.go with Apply
// and its own random move, match_joint.go with game.PlayJoint and its
// own random move, Rebuild and the GGP mirror replayed the moves.)
func TestLocalMatchPlaysOnlyThroughTheTable(t *testing.T) {
	banned := map[string]bool{"Play": true, "PlayJoint": true, "ApplyTurn": true, "PlayText": true,
		"Apply": true, "SplitTurns": true, "RandomMove": true, "Replay": true, "Intn": true}
	fset, files := parseUI(t)
	for path, f := range files {
		if !strings.HasPrefix(path, "match/match_") || path == "match/match_room.go" || path == "match/room_clock.go" {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || !banned[sel.Sel.Name] {
				return true
			}
			// The table's own methods are the one loop; the match's own
			// Play hands a person's move to it.
			if x, ok := sel.X.(*ast.SelectorExpr); ok && x.Sel.Name == "Table" {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "l" && sel.Sel.Name == "Play" {
				return true
			}
			t.Errorf("%s: %s plays, replays or picks a move outside the table", fset.Position(call.Pos()), sel.Sel.Name)
			return true
		})
	}
}
