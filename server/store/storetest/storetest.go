// Package storetest holds helpers for tests that harm a store's file as
// the world does: damage in the middle of it, a read-only file. Only
// tests import it.
package storetest

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// Damage writes pages of random bytes (4 KB each, SQLite's page size)
// into the middle of the file at path, the same bytes at every call.
func Damage(t testing.TB, path string, pages int) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	const page = 4096
	if fi.Size() < int64(pages+2)*page {
		t.Fatalf("%s has %d bytes: too small to damage %d pages in its middle", path, fi.Size(), pages)
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	junk := make([]byte, pages*page)
	for i := range junk {
		junk[i] = byte(rng.Uint32())
	}
	if _, err := f.WriteAt(junk, fi.Size()/page/2*page); err != nil {
		t.Fatal(err)
	}
}

// ReadOnly makes the file at path unwritable — for root too, whom a
// file's mode does not stop, with chattr +i where it can (else the test
// skips, saying why) — until the test ends. Not on Windows (skips).
func ReadOnly(t testing.TB, path string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("file modes: not on Windows")
	}
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(path, 0o644) })
	if os.Geteuid() != 0 {
		return
	}
	if out, err := exec.Command("chattr", "+i", path).CombinedOutput(); err != nil {
		t.Skipf("running as root, and chattr +i fails (%v: %s): cannot make a file read-only", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("chattr", "-i", path).Run() })
}
