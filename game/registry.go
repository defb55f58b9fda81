package game

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

var (
	registryMu sync.RWMutex
	registry   = map[string]*Variant{}
)

// Register makes a variant available by name. Game sub-packages call it
// from init; it panics on a duplicate or incomplete variant, which is a
// programming error.
func Register(v *Variant) {
	if v.Name == "" || v.New == nil || v.ParsePosition == nil || len(v.Roles) == 0 {
		panic(fmt.Sprintf("game: incomplete variant %q", v.Name))
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[v.Name]; dup {
		panic(fmt.Sprintf("game: variant %q registered twice", v.Name))
	}
	registry[v.Name] = v
}

// Variants returns every registered variant in menu order (Order, then
// name).
func Variants() []*Variant {
	registryMu.RLock()
	defer registryMu.RUnlock()
	vs := make([]*Variant, 0, len(registry))
	for _, v := range registry {
		vs = append(vs, v)
	}
	sort.Slice(vs, func(i, j int) bool {
		if vs[i].Order != vs[j].Order {
			return vs[i].Order < vs[j].Order
		}
		return vs[i].Name < vs[j].Name
	})
	return vs
}

// Lookup returns the variant with the given name (case-insensitive).
func Lookup(name string) (*Variant, error) {
	registryMu.RLock()
	v, ok := registry[strings.ToLower(strings.TrimSpace(name))]
	registryMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	return v, nil
}

// Names returns the names of every registered variant in menu order.
func Names() []string {
	vs := Variants()
	names := make([]string, len(vs))
	for i, v := range vs {
		names[i] = v.Name
	}
	return names
}

// NewState returns the starting position of the named variant, or the
// given position string read for it when position is not empty.
func NewState(name, position string) (State, error) {
	v, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(position) == "" {
		return v.New(), nil
	}
	s, err := v.ParsePosition(position)
	if err != nil {
		return nil, fmt.Errorf("%s position: %w", v.Name, err)
	}
	return s, nil
}
