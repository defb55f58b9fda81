package common

import "sync"

// Parts of a frame that cost more to draw than the rest of it and are the
// same on most frames are kept with the key of everything they are drawn
// from. Both memos are pure: View stays a function of the model.

// LastDrawn keeps the last value drawn and its key: one screen's part
// (its panel, its board block) that changes only with what it shows.
type LastDrawn[K comparable, V any] struct {
	key K
	val V
	set bool
}

// Get returns the kept value when k is its key, else draw()'s, kept.
func (m *LastDrawn[K, V]) Get(k K, draw func() V) V {
	if !m.set || m.key != k {
		m.key, m.val, m.set = k, draw(), true
	}
	return m.val
}

// Last returns the kept key and value; false before the first Get.
func (m *LastDrawn[K, V]) Last() (K, V, bool) { return m.key, m.val, m.set }

// drawnSet keeps drawn texts by key, up to max of them (then it starts
// again empty): the distinct pieces a screen draws again and again, such
// as board cells or menu lines. Its lock makes it safe to share between
// sessions; draw runs under it, so it must not use the same set. V is a
// text (NewDrawnSet) or a text's lines (NewLinesSet).
type drawnSet[K comparable, V any] struct {
	mu  sync.Mutex
	m   map[K]V
	max int
}

// NewDrawnSet is an empty set that keeps at most max drawings.
func NewDrawnSet[K comparable](max int) *drawnSet[K, string] {
	return &drawnSet[K, string]{m: map[K]string{}, max: max}
}

// NewLinesSet is an empty set that keeps at most max drawings as their
// lines: a drawing used as lines (a board's rows) is neither joined to
// be kept nor split in every session that takes it. The lines handed
// out are shared: they must not be changed.
func NewLinesSet[K comparable](max int) *drawnSet[K, []string] {
	return &drawnSet[K, []string]{m: map[K][]string{}, max: max}
}

// Get returns the text kept under k, else draw()'s, kept.
func (s *drawnSet[K, V]) Get(k K, draw func() V) V {
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.m[k]; ok {
		return v
	}
	if len(s.m) >= s.max {
		clear(s.m)
	}
	v := draw()
	s.m[k] = v
	return v
}

// Shared returns the text kept under k, else draw()'s, kept. Unlike Get,
// draw runs outside the set's lock: sessions drawing different texts do
// not wait for each other (two drawing the same one at once both draw
// it, and the second is kept).
func (s *drawnSet[K, V]) Shared(k K, draw func() V) V {
	s.mu.Lock()
	v, ok := s.m[k]
	s.mu.Unlock()
	if ok {
		return v
	}
	v = draw()
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.m) >= s.max {
		clear(s.m)
	}
	s.m[k] = v
	return v
}

// Reset forgets every kept text.
func (s *drawnSet[K, V]) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.m)
}
