package common

import (
	"slices"
	"strings"
)

// fieldSuggestions are a field's suggestions and those of them that
// complete the text typed (without regard to case), one of which it
// offers. They are matched again after each key, as bubbles' textinput
// did (not when the text is set), and among the last matches when the
// text typed extends the one they were matched for: a move prompt is
// given every legal move (hundreds in some games), which it scanned at
// every key.
type fieldSuggestions struct {
	all   []string
	lower []string // all in lower case, made at the first match
	// matched are those of all that complete typed (lower case), and
	// matchedLower the same in lower case, while narrowable.
	matched, matchedLower []string
	spare, spareLower     []string // the buffers of the next matches
	typed                 string
	narrowable            bool
	// current is the one offered: an index of matched, which it may be
	// outside of (-1 after ctrl+p with no match), as in bubbles'.
	current int
}

// SetSuggestions gives the field the texts it may offer to complete.
func (f *Field) SetSuggestions(all []string) {
	s := &f.sugg
	s.all, s.lower, s.narrowable = all, nil, false
	f.matchSuggestions()
}

// offered is the suggestion the field offers, "" for none.
func (s *fieldSuggestions) offered() string {
	if s.current < 0 || s.current >= len(s.matched) {
		return ""
	}
	return s.matched[s.current]
}

// step offers the next (1) or the previous (-1) of the matches, round.
func (s *fieldSuggestions) step(by int) {
	s.current += by
	switch {
	case s.current >= len(s.matched):
		s.current = 0
	case s.current < 0:
		s.current = len(s.matched) - 1
	}
}

// acceptSuggestion completes the text with the suggestion offered (tab).
// A text set (SetValue) since the suggestions were matched can be longer
// than it: then nothing is added (bubbles' textinput failed there).
func (f *Field) acceptSuggestion() {
	sug := f.sugg.offered()
	if sug == "" {
		return
	}
	rest := []rune(sug)
	if len(f.value) > len(rest) {
		return
	}
	f.value, f.textOK = append(f.value, rest[len(f.value):]...), false
	f.CursorEnd()
}

// matchSuggestions finds the suggestions that complete the text. The one
// offered is the first when the matches are others than before.
func (f *Field) matchSuggestions() {
	if !f.ShowSuggestions {
		return
	}
	s := &f.sugg
	if len(f.value) == 0 || len(s.all) == 0 {
		s.matched, s.matchedLower, s.narrowable = s.matched[:0], s.matchedLower[:0], false
		return
	}
	typed := strings.ToLower(f.Value())
	if s.narrowable && typed == s.typed {
		return
	}
	if s.narrowable && strings.HasPrefix(typed, s.typed) {
		// Those that complete typed are among those that complete what
		// it extends, in the same order: changed when some go.
		n := 0
		for i, l := range s.matchedLower {
			if strings.HasPrefix(l, typed) {
				s.matched[n], s.matchedLower[n] = s.matched[i], l
				n++
			}
		}
		if n != len(s.matched) {
			s.current = 0
		}
		s.matched, s.matchedLower = s.matched[:n], s.matchedLower[:n]
	} else {
		if s.lower == nil {
			s.lower = make([]string, len(s.all))
			for i, a := range s.all {
				s.lower[i] = strings.ToLower(a)
			}
		}
		next, nextLower := s.spare[:0], s.spareLower[:0]
		for i, l := range s.lower {
			if strings.HasPrefix(l, typed) {
				next, nextLower = append(next, s.all[i]), append(nextLower, l)
			}
		}
		if !slices.Equal(next, s.matched) {
			s.current = 0
		}
		s.spare, s.spareLower = s.matched, s.matchedLower
		s.matched, s.matchedLower = next, nextLower
	}
	s.typed, s.narrowable = typed, true
}
