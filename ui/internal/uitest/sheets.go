package uitest

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// childEnv names the test a child test process runs (see Isolated).
const childEnv = "TABLETOP_UI_TEST_CHILD"

// Isolated runs the calling test in a child process of the test binary,
// for a test that registers games read from sheet files: the registry
// keeps them for good, and other tests list every registered game (the
// menu's goldens, a golden per game). It reports whether the caller is
// the child, which goes on with the test; the parent reports the child's
// outcome (a skip too).
func Isolated(t *testing.T) bool {
	t.Helper()
	if os.Getenv(childEnv) == t.Name() {
		return true
	}
	args := []string{"-test.run=^" + strings.ReplaceAll(t.Name(), "/", "$/^") + "$", "-test.count=1", "-test.v"}
	if f := flag.Lookup("update"); f != nil && f.Value.String() == "true" {
		args = append(args, "-update")
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), childEnv+"="+t.Name())
	out, err := cmd.CombinedOutput()
	switch {
	case err != nil:
		t.Fatalf("in a child process:\n%s", out)
	case strings.Contains(string(out), "--- SKIP"):
		t.Skipf("in a child process:\n%s", out)
	case !strings.Contains(string(out), "--- PASS: "+t.Name()):
		t.Fatalf("the child process ran no test:\n%s", out)
	case testing.Verbose():
		t.Logf("in a child process:\n%s", out)
	}
	return false
}

// CorpusSheet is the path of a published rule sheet in the shared corpus
// (../shared/gdl-corpus beside the repository); the test is skipped,
// saying so, when it is not there.
func CorpusSheet(t testing.TB, name string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("no go.mod above the test: cannot find ../shared/gdl-corpus")
		}
		dir = parent
	}
	path := filepath.Join(dir, "..", "shared", "gdl-corpus", name+".kif")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("the shared GDL corpus is not here (%s): skipped", path)
	}
	return path
}
