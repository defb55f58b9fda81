//go:build tools

// This file pins the packages the project uses so that go.mod stays stable
// while parts are built in parallel; it is never compiled.
package main

import (
	_ "github.com/charmbracelet/bubbles/help"
	_ "github.com/charmbracelet/bubbles/key"
	_ "github.com/charmbracelet/bubbles/list"
	_ "github.com/charmbracelet/bubbles/spinner"
	_ "github.com/charmbracelet/bubbles/textinput"
	_ "github.com/charmbracelet/bubbles/viewport"
	_ "github.com/charmbracelet/bubbletea"
	_ "github.com/charmbracelet/lipgloss"
	_ "github.com/charmbracelet/log"
	_ "github.com/charmbracelet/ssh"
	_ "github.com/charmbracelet/wish"
	_ "github.com/charmbracelet/wish/activeterm"
	_ "github.com/charmbracelet/wish/bubbletea"
	_ "github.com/charmbracelet/wish/logging"
	_ "github.com/charmbracelet/wish/ratelimiter"
	_ "github.com/charmbracelet/wish/recover"
	_ "github.com/charmbracelet/x/exp/teatest"
	_ "github.com/muesli/termenv"
	_ "golang.org/x/crypto/ssh"
	_ "golang.org/x/time/rate"
)
