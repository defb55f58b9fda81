package savefmt

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestFileStore(t *testing.T) {
	fs := NewFileStore(filepath.Join(t.TempDir(), "sub", "save.txt"))
	if _, err := fs.Load(); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing file: %v", err)
	}
	if err := fs.Save([]byte("x")); err != nil {
		t.Fatal(err)
	}
	if d, err := fs.Load(); err != nil || string(d) != "x" {
		t.Fatalf("load %q %v", d, err)
	}
	if err := fs.Remove(); err != nil {
		t.Fatal(err)
	}
	if err := fs.Remove(); err != nil {
		t.Fatalf("removing a missing save: %v", err)
	}
}

func TestFileStoreSlotNames(t *testing.T) {
	fs := NewFileStore(filepath.Join(t.TempDir(), "save.txt"))
	for _, bad := range []string{"", "../x", "a/b", `a\b`, ".hidden"} {
		if err := fs.SaveSlot(bad, []byte("x")); err == nil {
			t.Errorf("slot name %q accepted", bad)
		}
	}
	a := fs.NewSlot("quad7")
	if err := fs.SaveSlot(a, []byte("a")); err != nil {
		t.Fatal(err)
	}
	if b := fs.NewSlot("quad7"); b == a {
		t.Fatalf("NewSlot gave a taken name %q", b)
	}
	if err := fs.Save([]byte("legacy")); err != nil {
		t.Fatal(err)
	}
	names, err := fs.Slots()
	if err != nil || len(names) != 2 {
		t.Fatalf("slots %v, %v", names, err)
	}
	if data, _ := fs.LoadSlot(legacySlot); string(data) != "legacy" {
		t.Fatalf("the save of earlier versions is not the slot %q", legacySlot)
	}
	if err := fs.RemoveSlot(a); err != nil {
		t.Fatal(err)
	}
	if err := fs.RemoveSlot(a); err != nil {
		t.Fatalf("removing a missing slot: %v", err)
	}
}
