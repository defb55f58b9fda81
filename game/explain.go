package game

// Explainer is implemented by states that can say why a finished game
// ended as it did: the square, the line, the count that decided it.
// Games without it still end with ResultText alone.
type Explainer interface {
	// ResultReason says why the game ended, e.g. "x completes the
	// square r2c2–r2c5–r5c5–r5c2"; "" while the game goes on.
	ResultReason() string
}

// ResultReason returns why s ended when its game can say, else "".
func ResultReason(s State) string {
	if e, ok := s.(Explainer); ok && s.Terminal() {
		return e.ResultReason()
	}
	return ""
}

// ResultWithReason is ResultText followed by the reason when there is
// one, e.g. "game over: x wins — x completes the square r2c2–…".
func ResultWithReason(s State) string {
	text := ResultText(s)
	if why := ResultReason(s); why != "" && text != "" {
		return text + " — " + why
	}
	return text
}
