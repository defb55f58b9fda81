package rooms_test

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tabletop/tabletop/game"
)

// nim is a tiny game for the room tests, independent of the real games:
// players take 1 or 2 from a pile in turn; whoever takes the last wins.
type nim struct {
	v     *game.Variant
	pile  int
	turn  int
	taker int // who took last; -1 before any move
}

var (
	nim2 = nimVariant("test-nim2", 2, 7)
	nim4 = nimVariant("test-nim4", 4, 9)
)

func init() {
	game.Register(nim2)
	game.Register(nim4)
}

func nimVariant(name string, roles, pile int) *game.Variant {
	v := &game.Variant{Name: name, Title: name, Summary: "test nim", Rules: "take 1 or 2"}
	for i := 0; i < roles; i++ {
		v.Roles = append(v.Roles, fmt.Sprintf("p%d", i+1))
	}
	v.New = func() game.State { return &nim{v: v, pile: pile, taker: -1} }
	v.ParsePosition = func(s string) (game.State, error) {
		var n nim
		n.v = v
		if _, err := fmt.Sscanf(s, "%d %d %d", &n.pile, &n.turn, &n.taker); err != nil {
			return nil, err
		}
		return &n, nil
	}
	return v
}

func (n *nim) Variant() *game.Variant { return n.v }
func (n *nim) ToMove() game.Role      { return game.Role(n.turn) }
func (n *nim) Legal(buf []game.Move) []game.Move {
	if n.pile >= 1 {
		buf = append(buf, 1)
	}
	if n.pile >= 2 {
		buf = append(buf, 2)
	}
	return buf
}
func (n *nim) IsLegal(m game.Move) bool { return (m == 1 || m == 2) && int(m) <= n.pile }
func (n *nim) Apply(m game.Move) {
	n.pile -= int(m)
	n.taker = n.turn
	n.turn = (n.turn + 1) % len(n.v.Roles)
}
func (n *nim) Terminal() bool { return n.pile == 0 }
func (n *nim) Goal(r game.Role) int {
	if n.pile == 0 && int(r) == n.taker {
		return 100
	}
	return 0
}
func (n *nim) Hash() uint64                        { return uint64(n.pile)<<8 | uint64(n.turn) }
func (n *nim) RandomMove(rng *game.Rand) game.Move { return n.Legal(nil)[0] }
func (n *nim) Clone() game.State                   { c := *n; return &c }
func (n *nim) CopyFrom(src game.State)             { *n = *src.(*nim) }
func (n *nim) FormatMove(m game.Move) string       { return fmt.Sprintf("(take %d)", m) }
func (n *nim) ShortMove(m game.Move) string        { return strconv.Itoa(int(m)) }
func (n *nim) ParseMove(s string) (game.Move, error) {
	s = strings.Trim(s, "() take")
	k, err := strconv.Atoi(s)
	if err != nil || !n.IsLegal(game.Move(k)) {
		return 0, fmt.Errorf("bad move %q", s)
	}
	return game.Move(k), nil
}
func (n *nim) String() string   { return fmt.Sprintf("%d %d %d", n.pile, n.turn, n.taker) }
func (n *nim) Describe() string { return n.String() }
