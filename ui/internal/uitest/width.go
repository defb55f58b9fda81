package uitest

// WidthPieces are what random lines are made of: plain and wide text,
// marks that join the letter before them, colour codes, hyperlinks,
// control characters and broken escape sequences.
var WidthPieces = []string{
	"a", "Z", " ", "~", "abc def", "│", "─", "·", "…", "×", "→", "▀", "\u00ad", "\u2028", "\u25b6", "\u25b6\ufe0f", "│\u0301", "·\u200d", "é", "e\u0301", "\u0301", "\u200d", "\ufe0f",
	"中", "文字", "👍", "👨\u200d👩\u200d👧", "🇫🇷", "\t", "\r", "\x00", "\x7f", "\u0085", "\x9b",
	"\x1b[0m", "\x1b[38;5;203m", "\x1b[1;4;48;2;10;20;30m", "\x1b[?25l", "\x1b[ q", "\x1b[", "\x1b[12",
	"\x1b]8;;https://example.org\x07", "\x1b]8;;\x1b\\", "\x1b]11;?", "\x1b]0;é\x07", "\x1b(B", "\x1bM", "\x1b",
	"\xff", "\xe4\xb8",
}
