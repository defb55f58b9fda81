package main

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// maxMethods is the most methods an interface may have (BRIEF.md: seams
// are small interfaces with optional capabilities, none over 16 methods).
const maxMethods = 16

// TestNoInterfaceOverSixteenMethods counts the methods of every interface
// written in the module, tests included, named or not, with the methods
// of the interfaces it embeds (the module's, read here; others', such as
// io.Reader, from their packages).
func TestNoInterfaceOverSixteenMethods(t *testing.T) {
	t.Parallel()
	ix := readInterfaces(t, ".")
	if len(ix.files) == 0 {
		t.Fatal("no Go files found")
	}
	for _, f := range ix.files {
		ast.Inspect(f.ast, func(n ast.Node) bool {
			it, ok := n.(*ast.InterfaceType)
			if !ok {
				return true
			}
			if n := ix.count(t, f, it, 0); n > maxMethods {
				t.Errorf("%s: an interface of %d methods (at most %d: split it into small ones, with optional capabilities)",
					ix.fset.Position(it.Pos()), n, maxMethods)
			}
			return true
		})
	}
}

// TestInterfaceCountSeesEmbedding keeps the count honest: methods of an
// embedded interface, of this package or another, count.
func TestInterfaceCountSeesEmbedding(t *testing.T) {
	ix := &interfaceIndex{fset: token.NewFileSet(), named: map[string]*ast.InterfaceType{}, fileOf: map[*ast.InterfaceType]*goFile{}, pkgName: map[string]string{}}
	src := `package p
import "io"
type small interface{ A(); B() }
type big interface {
	small
	io.ReadWriteCloser
	C(); D()
}`
	f, err := parser.ParseFile(ix.fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	ix.add(&goFile{ast: f, pkg: "example/p"})
	if n := ix.count(t, ix.files[0], ix.named["example/p.big"], 0); n != 7 {
		t.Errorf("big has %d methods, want 7", n)
	}
}

// goFile is a parsed file and the import path of its package.
type goFile struct {
	ast *ast.File
	pkg string
}

// interfaceIndex is the module's named interfaces by "path.Name".
type interfaceIndex struct {
	fset    *token.FileSet
	files   []*goFile
	named   map[string]*ast.InterfaceType
	fileOf  map[*ast.InterfaceType]*goFile
	pkgName map[string]string // the module's packages: path -> name
	others  types.Importer
}

// readInterfaces parses every Go file under root, in the module named by
// root's go.mod.
func readInterfaces(t *testing.T, root string) *interfaceIndex {
	ix := &interfaceIndex{fset: token.NewFileSet(), named: map[string]*ast.InterfaceType{}, fileOf: map[*ast.InterfaceType]*goFile{}, pkgName: map[string]string{}}
	module := "github.com/tabletop/tabletop"
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != root && (n == "testdata" || n == "vendor" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(ix.fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		pkg := path.Join(module, filepath.ToSlash(filepath.Dir(p)))
		if strings.HasSuffix(f.Name.Name, "_test") {
			pkg += "_test"
		} else {
			ix.pkgName[pkg] = f.Name.Name
		}
		ix.add(&goFile{ast: f, pkg: pkg})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

// add indexes f's named interfaces.
func (ix *interfaceIndex) add(f *goFile) {
	ix.files = append(ix.files, f)
	ast.Inspect(f.ast, func(n ast.Node) bool {
		if ts, ok := n.(*ast.TypeSpec); ok {
			if it, ok := ts.Type.(*ast.InterfaceType); ok {
				ix.named[f.pkg+"."+ts.Name.Name] = it
			}
		}
		if it, ok := n.(*ast.InterfaceType); ok {
			ix.fileOf[it] = f
		}
		return true
	})
}

// count is the number of methods of it, written in f, with those of the
// interfaces it embeds.
func (ix *interfaceIndex) count(t *testing.T, f *goFile, it *ast.InterfaceType, depth int) int {
	if depth > 20 {
		t.Fatalf("%s: interfaces embed each other too deep", ix.fset.Position(it.Pos()))
	}
	n := 0
	for _, field := range it.Methods.List {
		if len(field.Names) > 0 {
			n += len(field.Names)
			continue
		}
		n += ix.embedded(t, f, field.Type, depth)
	}
	return n
}

// embedded is the number of methods an embedded element e of an
// interface in f brings: an interface's methods, none for a type set
// (~int | ~string) or a non-interface type.
func (ix *interfaceIndex) embedded(t *testing.T, f *goFile, e ast.Expr, depth int) int {
	switch e := e.(type) {
	case *ast.Ident:
		if it, ok := ix.named[f.pkg+"."+e.Name]; ok {
			return ix.count(t, ix.fileOf[it], it, depth+1)
		}
		if e.Name == "error" {
			return 1
		}
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		if !ok {
			break
		}
		imp := ix.importOf(t, f, x.Name)
		if imp == "" {
			t.Errorf("%s: cannot find the package of %s.%s", ix.fset.Position(e.Pos()), x.Name, e.Sel.Name)
			return 0
		}
		if it, ok := ix.named[imp+"."+e.Sel.Name]; ok {
			return ix.count(t, ix.fileOf[it], it, depth+1)
		}
		if _, ours := ix.pkgName[imp]; !ours {
			return ix.foreign(t, imp, e.Sel.Name)
		}
	}
	return 0
}

// importOf is the import path f names name.
func (ix *interfaceIndex) importOf(t *testing.T, f *goFile, name string) string {
	for _, spec := range f.ast.Imports {
		p, _ := strconv.Unquote(spec.Path.Value)
		switch {
		case spec.Name != nil:
			if spec.Name.Name == name {
				return p
			}
		case ix.pkgName[p] == name:
			return p
		case ix.pkgName[p] == "" && ix.foreignName(t, p) == name:
			return p
		}
	}
	return ""
}

// foreignName is the name of a package outside the module.
func (ix *interfaceIndex) foreignName(t *testing.T, p string) string {
	if strings.HasPrefix(p, "github.com/tabletop/tabletop/") {
		return "" // a package of the module with no non-test files here
	}
	if !strings.Contains(p, ".") {
		return path.Base(p) // the standard library names its packages by their paths
	}
	pkg := ix.importForeign(t, p)
	if pkg == nil {
		return ""
	}
	return pkg.Name()
}

// foreign is the number of methods of the interface name of package p,
// outside the module.
func (ix *interfaceIndex) foreign(t *testing.T, p, name string) int {
	pkg := ix.importForeign(t, p)
	if pkg == nil {
		return 0
	}
	if it, ok := pkg.Scope().Lookup(name).Type().Underlying().(*types.Interface); ok {
		return it.NumMethods()
	}
	return 0
}

func (ix *interfaceIndex) importForeign(t *testing.T, p string) *types.Package {
	if ix.others == nil {
		ix.others = importer.ForCompiler(ix.fset, "gc", nil)
	}
	pkg, err := ix.others.Import(p)
	if err != nil {
		t.Errorf("reading %s: %v", p, err)
		return nil
	}
	return pkg
}
