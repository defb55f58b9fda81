package ggp

import (
	"fmt"
	"strings"
)

// maxDepth bounds the nesting of a message, so that a hostile body cannot
// exhaust the reader's stack.
const maxDepth = 200

// node is one KIF s-expression of a message: an atom or a list. Unlike a
// GDL term, a list may start with a list ("((mark 1 1) noop)").
type node struct {
	atom  string // a symbol as sent (the protocol compares symbols without case); empty for a list
	list  []*node
	isLst bool
	// start and end are the byte offsets of the expression in the message,
	// so that a rule sheet can be handed to the GDL reader as it was sent.
	start, end int
}

// String writes n in canonical KIF: single spaces, "(f a b)", each
// symbol in the case it was sent (GGP managers such as ggp-base compare
// moves with the case the rule sheet wrote, e.g. castleKingside).
func (n *node) String() string {
	var b strings.Builder
	n.write(&b)
	return b.String()
}

func (n *node) write(b *strings.Builder) {
	if !n.isLst {
		b.WriteString(n.atom)
		return
	}
	b.WriteByte('(')
	for i, c := range n.list {
		if i > 0 {
			b.WriteByte(' ')
		}
		c.write(b)
	}
	b.WriteByte(')')
}

// reader reads s-expressions from a message, skipping ';' comments.
type reader struct {
	src []byte
	pos int
}

func (r *reader) skipSpace() {
	for r.pos < len(r.src) {
		c := r.src[r.pos]
		switch {
		case c == ';':
			for r.pos < len(r.src) && r.src[r.pos] != '\n' {
				r.pos++
			}
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v':
			r.pos++
		default:
			return
		}
	}
}

// read reads one expression; depth counts the enclosing lists.
func (r *reader) read(depth int) (*node, error) {
	r.skipSpace()
	if r.pos >= len(r.src) {
		return nil, fmt.Errorf("unexpected end of message")
	}
	start := r.pos
	switch r.src[r.pos] {
	case ')':
		return nil, fmt.Errorf("unexpected ')' at byte %d", r.pos)
	case '(':
		if depth >= maxDepth {
			return nil, fmt.Errorf("lists nest more than %d deep", maxDepth)
		}
		r.pos++
		n := &node{isLst: true, start: start}
		for {
			r.skipSpace()
			if r.pos >= len(r.src) {
				return nil, fmt.Errorf("unexpected end of message: the '(' at byte %d is not closed", start)
			}
			if r.src[r.pos] == ')' {
				r.pos++
				n.end = r.pos
				return n, nil
			}
			c, err := r.read(depth + 1)
			if err != nil {
				return nil, err
			}
			n.list = append(n.list, c)
		}
	}
	for r.pos < len(r.src) && !isDelimiter(r.src[r.pos]) {
		r.pos++
	}
	return &node{atom: string(r.src[start:r.pos]), start: start, end: r.pos}, nil
}

func isDelimiter(c byte) bool {
	switch c {
	case '(', ')', ';', ' ', '\t', '\r', '\n', '\f', '\v':
		return true
	}
	return false
}

// parseOne reads exactly one expression from src.
func parseOne(src []byte) (*node, error) {
	r := &reader{src: src}
	n, err := r.read(0)
	if err != nil {
		return nil, err
	}
	r.skipSpace()
	if r.pos < len(r.src) {
		return nil, fmt.Errorf("text after the message at byte %d", r.pos)
	}
	return n, nil
}

// is reports whether n is the symbol word, compared without case.
func (n *node) is(word string) bool { return !n.isLst && strings.EqualFold(n.atom, word) }
