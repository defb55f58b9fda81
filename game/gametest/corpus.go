package gametest

import (
	"os"
	"path/filepath"
)

// CorpusDir returns the shared corpus of rule sheets that ggp-base
// publishes, kept outside the repository at ../shared/gdl-corpus from its
// root (the directory holding go.mod above the test), or "" when it is
// absent: tests that need it skip, saying so.
func CorpusDir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	c := filepath.Join(dir, "..", "shared", "gdl-corpus")
	if st, err := os.Stat(c); err != nil || !st.IsDir() {
		return ""
	}
	return c
}
