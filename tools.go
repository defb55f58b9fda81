//go:build tools

// This file pins the packages the project uses so that go.mod stays stable
// while parts are built in parallel; it is never compiled.
package main

import (
	_ "charm.land/bubbles/v2/help"
	_ "charm.land/bubbles/v2/key"
	_ "charm.land/bubbles/v2/list"
	_ "charm.land/bubbles/v2/spinner"
	_ "charm.land/bubbles/v2/textinput"
	_ "charm.land/bubbles/v2/viewport"
	_ "charm.land/bubbletea/v2"
	_ "charm.land/lipgloss/v2"
	_ "charm.land/log/v2"
	_ "charm.land/ssh"
	_ "charm.land/wish/v2"
	_ "charm.land/wish/v2/activeterm"
	_ "charm.land/wish/v2/bubbletea"
	_ "charm.land/wish/v2/logging"
	_ "charm.land/wish/v2/ratelimiter"
	_ "charm.land/wish/v2/recover"
	_ "github.com/charmbracelet/x/exp/teatest/v2"
	_ "golang.org/x/crypto/ssh"
	_ "golang.org/x/time/rate"
)
