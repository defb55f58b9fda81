// Package quad implements the game; see RULES.md.
package quad
