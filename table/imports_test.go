package table_test

import (
	"os/exec"
	"strings"
	"testing"
)

// forbidden are what the game loop must not reach: the client, the
// server, the rooms and every terminal library, so that every table —
// local, room, match, GGP — can drive its games through it.
var forbidden = []string{
	"github.com/tabletop/tabletop/ui",
	"github.com/tabletop/tabletop/themes",
	"github.com/tabletop/tabletop/server",
	"github.com/tabletop/tabletop/rooms",
	"github.com/tabletop/tabletop/ggp",
	"charm.land/",
	"github.com/charmbracelet/",
}

// TestTableDependsOnNoUI checks every package the table pulls in.
func TestTableDependsOnNoUI(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH:", err)
	}
	out, err := exec.Command(goTool, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		t.Fatal("go list named no dependencies")
	}
	for _, p := range deps {
		for _, bad := range forbidden {
			if p == strings.TrimSuffix(bad, "/") || strings.HasPrefix(p, strings.TrimSuffix(bad, "/")+"/") {
				t.Errorf("table depends on %s", p)
			}
		}
	}
}
