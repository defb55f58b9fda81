package procstat

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
	"time"
)

// TestTreeCPUCountsChildren: a child that spins adds its CPU to its
// parent's tree, while it lives and after it was waited for.
func TestTreeCPUCountsChildren(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	before, ok := TreeCPU(os.Getpid())
	if !ok {
		t.Fatal("TreeCPU of this process not read")
	}
	// The shell spins for about 0.3 s of CPU.
	cmd := exec.Command(sh, "-c", `end=$(( $(date +%s%N) + 300000000 )); while [ $(date +%s%N) -lt $end ]; do :; done`)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if p, ok := Parent(cmd.Process.Pid); !ok || p != os.Getpid() {
		t.Errorf("Parent of the child = %d, %v; want %d", p, ok, os.Getpid())
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	after, _ := TreeCPU(os.Getpid())
	child := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if got := after - before; got < child-50*time.Millisecond {
		t.Errorf("tree CPU grew by %v, the child used %v", got, child)
	}
	if _, ok := TreeCPU(-1); ok {
		t.Error("TreeCPU of no process reported ok")
	}
}
