// Package pentago implements the game; see RULES.md.
package pentago
