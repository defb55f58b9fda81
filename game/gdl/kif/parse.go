package kif

import (
	"fmt"
	"strings"
)

// maxNesting bounds how deeply parentheses may nest in a sheet, so that a
// hostile input cannot make the recursive parser run out of stack.
const maxNesting = 200

// Error is a problem with a rule sheet, located by line (and column for
// syntax errors; 0 when the error concerns a whole rule).
type Error struct {
	Line, Col int
	Msg       string
}

// Error says where the problem is and what it is.
func (e *Error) Error() string {
	if e.Col > 0 {
		return fmt.Sprintf("line %d:%d: %s", e.Line, e.Col, e.Msg)
	}
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// Term is a KIF term: a symbol, a variable (a name starting with '?') or a
// compound (f a b ...). A compound written with no arguments, "(f)", is
// read as the symbol f.
//
// GDL symbols are case-insensitive. Names keep the case the text wrote
// them in, so that a game shows and sends "xPlayer" as its sheet does, but
// every spelling of a symbol in one text is the first one it used (a sheet
// that writes cellHolds and later cellholds has the one symbol cellHolds),
// and GDL's keywords (role, true, distinct, ...) are always lower-case. So
// the terms of one text compare by Name; terms of different texts compare
// without case (see foldKey).
type Term struct {
	Name      string
	Args      []*Term
	Line, Col int
}

// IsVar reports whether t is a variable.
func (t *Term) IsVar() bool { return strings.HasPrefix(t.Name, "?") }

// String returns the KIF text of t, e.g. "(cell 1 ?y b)".
func (t *Term) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t *Term) write(b *strings.Builder) {
	if len(t.Args) == 0 {
		b.WriteString(t.Name)
		return
	}
	b.WriteByte('(')
	b.WriteString(t.Name)
	for _, a := range t.Args {
		b.WriteByte(' ')
		a.write(b)
	}
	b.WriteByte(')')
}

// Rule is one sentence of a sheet: a fact (no body) or (<= Head Body...).
type Rule struct {
	Head *Term
	Body []*Term
	Line int
}

// String returns the KIF text of the rule.
func (r *Rule) String() string {
	if len(r.Body) == 0 {
		return r.Head.String()
	}
	parts := make([]string, 0, len(r.Body)+2)
	parts = append(parts, "<=", r.Head.String())
	for _, l := range r.Body {
		parts = append(parts, l.String())
	}
	return "(" + strings.Join(parts, " ") + ")"
}

// Description is a parsed rule sheet, not yet validated.
type Description struct {
	// Title comes from a leading comment line "; title: ...", or is empty.
	Title string
	// Notes are the other comment lines before the first sentence, as
	// the author's description of the game.
	Notes []string
	// Rules are the sentences in sheet order.
	Rules []*Rule
}

type token struct {
	text      string // "(", ")" or a symbol
	line, col int
}

// Parse reads a KIF rule sheet. It checks only the syntax; Load also
// validates the rules against the GDL specification.
func Parse(src []byte) (*Description, error) {
	toks, title, notes, err := Tokenize(src)
	if err != nil {
		return nil, err
	}
	unifySpellings(toks)
	d := &Description{Title: title, Notes: notes}
	p := &Parser{Toks: toks}
	for p.Pos < len(p.Toks) {
		t, err := p.Term(0)
		if err != nil {
			return nil, err
		}
		r, err := sentence(t)
		if err != nil {
			return nil, err
		}
		d.Rules = append(d.Rules, r)
	}
	return d, nil
}

// Tokenize splits src into parentheses and symbols, dropping comments, and
// reads the title and notes from the comment lines before the first token.
func Tokenize(src []byte) (toks []token, title string, notes []string, err error) {
	line, col := 1, 1
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '\n':
			line, col = line+1, 1
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
			col++
		case c == ';':
			j := i
			for j < len(src) && src[j] != '\n' {
				j++
			}
			if len(toks) == 0 {
				text := strings.TrimSpace(strings.TrimLeft(string(src[i:j]), ";"))
				if rest, ok := cutPrefixFold(text, "title:"); ok && title == "" {
					title = strings.TrimSpace(rest)
				} else if text != "" {
					notes = append(notes, text)
				}
			}
			col += j - i
			i = j
		case c == '(' || c == ')':
			toks = append(toks, token{string(c), line, col})
			i++
			col++
		default:
			j := i
			for j < len(src) && !isDelimiter(src[j]) {
				j++
			}
			toks = append(toks, token{string(src[i:j]), line, col})
			col += j - i
			i = j
		}
	}
	return toks, title, notes, nil
}

// keywords are the symbols GDL gives a meaning to, always read in lower
// case (as the reference software reads them, whatever the case of the
// rest of the sheet).
var keywords = map[string]bool{
	"role": true, "init": true, "true": true, "next": true, "does": true, "legal": true,
	"goal": true, "terminal": true, "base": true, "input": true, "random": true,
	"distinct": true, "not": true, "or": true,
}

// unifySpellings gives every symbol of toks the spelling of its first
// occurrence, and keywords their lower-case spelling: GDL symbols are
// case-insensitive, and a sheet that writes one symbol two ways means one
// symbol.
func unifySpellings(toks []token) {
	first := map[string]string{}
	for i := range toks {
		t := &toks[i]
		if t.text == "(" || t.text == ")" {
			continue
		}
		low := strings.ToLower(t.text)
		switch spelled, seen := first[low]; {
		case keywords[low]:
			t.text = low
		case seen:
			t.text = spelled
		default:
			first[low] = t.text
		}
	}
}

// FoldKey returns the text of a term, a fact or a move in the form that
// compares without case: two spellings of the same GDL text have the same
// key.
func FoldKey(text string) string { return strings.ToLower(text) }

func isDelimiter(c byte) bool {
	switch c {
	case '(', ')', ';', ' ', '\t', '\r', '\n', '\f', '\v':
		return true
	}
	return false
}

func cutPrefixFold(s, prefix string) (string, bool) {
	if len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		return s[len(prefix):], true
	}
	return s, false
}

// Parser reads terms from the tokens Tokenize makes, Term by Term.
type Parser struct {
	Toks []token // the text's tokens
	Pos  int     // the next token to read
}

// Term reads one term; depth counts the enclosing parentheses.
func (p *Parser) Term(depth int) (*Term, error) {
	if p.Pos >= len(p.Toks) {
		last := p.Toks[len(p.Toks)-1]
		return nil, &Error{last.line, last.col, "unexpected end of sheet: a '(' is not closed"}
	}
	tok := p.Toks[p.Pos]
	p.Pos++
	switch tok.text {
	case ")":
		return nil, &Error{tok.line, tok.col, "unexpected ')'"}
	case "(":
	default:
		return &Term{Name: tok.text, Line: tok.line, Col: tok.col}, nil
	}
	if depth >= maxNesting {
		return nil, &Error{tok.line, tok.col, fmt.Sprintf("terms nest more than %d deep", maxNesting)}
	}
	if p.Pos >= len(p.Toks) {
		return nil, &Error{tok.line, tok.col, "unexpected end of sheet: this '(' is not closed"}
	}
	head := p.Toks[p.Pos]
	switch {
	case head.text == ")":
		return nil, &Error{tok.line, tok.col, "empty term ()"}
	case head.text == "(":
		return nil, &Error{head.line, head.col, "a term must start with a symbol, not '('"}
	case strings.HasPrefix(head.text, "?"):
		return nil, &Error{head.line, head.col, fmt.Sprintf("a term must start with a symbol, not the variable %s", head.text)}
	}
	p.Pos++
	t := &Term{Name: head.text, Line: tok.line, Col: tok.col}
	for {
		if p.Pos >= len(p.Toks) {
			return nil, &Error{tok.line, tok.col, "unexpected end of sheet: this '(' is not closed"}
		}
		if p.Toks[p.Pos].text == ")" {
			p.Pos++
			return t, nil
		}
		a, err := p.Term(depth + 1)
		if err != nil {
			return nil, err
		}
		t.Args = append(t.Args, a)
	}
}

// sentence turns a top-level term into a fact or a rule.
func sentence(t *Term) (*Rule, error) {
	if t.IsVar() {
		return nil, &Error{t.Line, t.Col, fmt.Sprintf("a sentence cannot be the variable %s", t.Name)}
	}
	if t.Name != "<=" {
		return &Rule{Head: t, Line: t.Line}, nil
	}
	if len(t.Args) == 0 {
		return nil, &Error{t.Line, t.Col, "(<= ...) needs a head"}
	}
	head := t.Args[0]
	if head.IsVar() {
		return nil, &Error{head.Line, head.Col, fmt.Sprintf("a rule's head cannot be the variable %s", head.Name)}
	}
	for _, l := range t.Args[1:] {
		if l.IsVar() {
			return nil, &Error{l.Line, l.Col, fmt.Sprintf("a rule's body cannot contain the bare variable %s", l.Name)}
		}
	}
	return &Rule{Head: head, Body: t.Args[1:], Line: t.Line}, nil
}

// ParseTerms reads ground terms in KIF, such as the facts String writes
// or a move's text, in any case and spacing.
func ParseTerms(text string) ([]*Term, error) {
	toks, _, _, err := Tokenize([]byte(text))
	if err != nil {
		return nil, err
	}
	unifySpellings(toks)
	p := &Parser{Toks: toks}
	var out []*Term
	for p.Pos < len(p.Toks) {
		t, err := p.Term(0)
		if err != nil {
			return nil, err
		}
		if !Ground(t) {
			return nil, fmt.Errorf("%s is not ground", t)
		}
		out = append(out, t)
	}
	return out, nil
}
