package cli

import (
	"bytes"
	"os"
	"testing"
)

// serve's --solver-memory (or TABLETOP_SOLVER_MEMORY) is the memory, in
// MiB, of the exact solvers shared by all sessions; 512 by default; a
// flag on the command line wins over the environment.
func TestServeSolverMemory(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  string
		want int
	}{
		{nil, "", serveSolverMemory},
		{[]string{"--solver-memory", "100"}, "", 100},
		{nil, "64", 64},
		{[]string{"--solver-memory", "32"}, "64", 32},
	} {
		t.Setenv("TABLETOP_SOLVER_MEMORY", "") // restored after the test
		os.Unsetenv("TABLETOP_SOLVER_MEMORY")
		if tc.env != "" {
			t.Setenv("TABLETOP_SOLVER_MEMORY", tc.env)
		}
		var out, errOut bytes.Buffer
		c := newCommandLine("serve", nil, &out, &errOut)
		_, extra, err := serveConfig(c, tc.args)
		if err != nil || extra.solverMemory != tc.want {
			t.Errorf("%v with %q in the environment: %d MiB, %v; want %d", tc.args, tc.env, extra.solverMemory, err, tc.want)
		}
	}
	t.Setenv("TABLETOP_SOLVER_MEMORY", "lots")
	var out, errOut bytes.Buffer
	if _, _, err := serveConfig(newCommandLine("serve", nil, &out, &errOut), nil); err == nil {
		t.Errorf("TABLETOP_SOLVER_MEMORY=lots was accepted")
	}
}
