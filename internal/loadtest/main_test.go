package loadtest_test

import (
	"os"
	"testing"

	"github.com/tabletop/tabletop/internal/cli"
)

// serveEnv marks this test binary, started again by the load test as its
// server ("os.Executable() serve …"), as that child: it serves instead of
// running the tests.
const serveEnv = "TABLETOP_LOADTEST_TEST_SERVE"

func TestMain(m *testing.M) {
	if os.Getenv(serveEnv) == "1" {
		os.Exit(cli.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	// Inherited by the children the tests start.
	os.Setenv(serveEnv, "1")
	os.Exit(m.Run())
}
