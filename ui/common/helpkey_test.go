package common

import (
	"testing"

	"charm.land/bubbles/v2/key"
)

// A key bar's memo key names what the bar is drawn from: the short
// help's bindings alone for the bar, its groups too for every key.
func TestHelpMemoKeyNamesWhatIsDrawn(t *testing.T) {
	b := func(k, desc string) key.Binding { return key.NewBinding(key.WithKeys(k), key.WithHelp(k, desc)) }
	short := []key.Binding{b("q", "quit"), b("?", "more keys")}
	one := KeyHelp{Short: short, Full: [][]key.Binding{{b("a", "one")}}}
	other := KeyHelp{Short: short, Full: [][]key.Binding{{b("a", "other")}}}
	otherShort := KeyHelp{Short: []key.Binding{b("q", "quit"), b("?", "help")}, Full: one.Full}
	k := func(h KeyHelp, all bool) uint64 { return HelpMemoKey(h, 80, all, "theme", false) }
	if k(one, false) != k(other, false) {
		t.Error("two bars of the same short help have different keys")
	}
	if k(one, true) == k(other, true) {
		t.Error("every key of two different helps has one key")
	}
	if k(one, false) == k(otherShort, false) || k(one, false) == k(one, true) {
		t.Error("different bars have one key")
	}
}
