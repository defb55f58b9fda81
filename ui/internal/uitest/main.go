package uitest

import (
	"os"
	"testing"
)

// Main runs a package's tests with the user's config directory pointed
// at a temporary one, so that no test reads or writes the settings of
// the person running it (a client without a settings store keeps them
// in files). Each client package that builds clients calls it from its
// TestMain.
func Main(m *testing.M) {
	dir, err := os.MkdirTemp("", "tabletop-ui-test")
	if err != nil {
		panic(err)
	}
	for _, env := range []string{"XDG_CONFIG_HOME", "HOME", "AppData"} {
		os.Setenv(env, dir)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}
