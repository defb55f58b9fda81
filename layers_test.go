package main

import (
	"os/exec"
	"strings"
	"testing"
)

// layers are the packages below the client (see ARCHITECTURE.md): the
// rules, the game loop, the room contract and rooms, the stores, the
// file formats, the AI and GGP. None may reach the client or a terminal
// library, so that every front end — the terminal client, the SSH
// server, the command line, the load test — drives the same code.
var layers = []string{
	"./game/...", "./table/...", "./roomapi/...", "./rooms/...", "./server/store/...",
	"./savefmt/...", "./ai/...", "./ggp/...",
}

// aboveTheLayers are what no layer may depend on: the client, its
// themes, the server's sessions and every terminal library (Bubble Tea,
// Bubbles, Lip Gloss, Wish and the rest of charm.land and charmbracelet).
var aboveTheLayers = []string{
	"github.com/tabletop/tabletop/ui",
	"github.com/tabletop/tabletop/themes",
	"github.com/tabletop/tabletop/server",
	"github.com/tabletop/tabletop/internal/remoteterm",
	"charm.land",
	"github.com/charmbracelet",
}

// above reports whether package p is above the layers. The server's
// store is a layer of its own (server/store), below the server.
func above(p string) bool {
	if p == "github.com/tabletop/tabletop/server/store" || strings.HasPrefix(p, "github.com/tabletop/tabletop/server/store/") {
		return false
	}
	for _, bad := range aboveTheLayers {
		if p == bad || strings.HasPrefix(p, bad+"/") {
			return true
		}
	}
	return false
}

// TestNoClientBelowTheClient checks every package each layer pulls in,
// directly or not.
func TestNoClientBelowTheClient(t *testing.T) {
	t.Parallel()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH:", err)
	}
	for _, layer := range layers {
		out, err := exec.Command(goTool, "list", "-deps", layer).Output()
		if err != nil {
			t.Fatalf("go list %s: %v", layer, err)
		}
		deps := strings.Fields(string(out))
		if len(deps) == 0 {
			t.Fatalf("go list %s named no packages", layer)
		}
		for _, p := range deps {
			if above(p) {
				t.Errorf("%s depends on %s", layer, p)
			}
		}
	}
}
