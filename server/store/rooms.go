package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

const roomColumns = `r.code, r.variant, r.start, r.creator, r.rated, r.after_hold, r.spectators,
	r.clock_initial_ms, r.clock_increment_ms, r.clock_per_move_ms, r.clock_pause_on_hold,
	r.turn_started_ms, r.status, r.version, r.created_ms, r.updated_ms, r.result, r.game_id,
	r.quarantine, r.move_count, r.adjourned_ms, r.offer, r.spectator_chat`

// scanRoom reads roomColumns; it returns the room without seats or moves,
// and its move count.
func scanRoom(sc row) (Room, int, error) {
	var r Room
	var rated, pause, initial, inc, perMove, turn, created, updated, moves, adjourned, spectatorChat int64
	var after, spect, status string
	err := sc.Scan(&r.Code, &r.Variant, &r.Start, &r.Creator, &rated, &after, &spect,
		&initial, &inc, &perMove, &pause, &turn, &status, &r.Version, &created, &updated,
		&r.Result, &r.GameID, &r.Quarantine, &moves, &adjourned, &r.Offer, &spectatorChat)
	r.Options = Options{
		Rated:      rated != 0,
		AfterHold:  SeatKind(after),
		Spectators: Spectators(spect),

		SpectatorChat: spectatorChat != 0,
		Clock: TimeControl{
			Initial:     time.Duration(initial) * time.Millisecond,
			Increment:   time.Duration(inc) * time.Millisecond,
			PerMove:     time.Duration(perMove) * time.Millisecond,
			PauseOnHold: pause != 0,
		},
	}
	r.Status, r.TurnStarted = Status(status), fromMS(turn)
	r.Created, r.Updated, r.Adjourned = fromMS(created), fromMS(updated), fromMS(adjourned)
	return r, int(moves), err
}

const seatColumns = `s.room_code, s.seat, s.kind, s.player, s.name, s.ai_level, s.held_until_ms, s.remaining_ms, s.node, s.rating`

func scanSeat(sc row) (code string, index int, s Seat, err error) {
	var kind string
	var held, remaining int64
	err = sc.Scan(&code, &index, &kind, &s.Player, &s.Name, &s.AILevel, &held, &remaining, &s.Node, &s.Rating)
	s.Kind, s.HeldUntil, s.Remaining = SeatKind(kind), fromMS(held), time.Duration(remaining)*time.Millisecond
	return code, index, s, err
}

// CreateRoom implements Store.
func (e *engine) CreateRoom(ctx context.Context, r Room) error {
	if r.Code == "" || r.Variant == "" || len(r.Seats) == 0 {
		return errors.New("store: a room needs a code, a variant and seats")
	}
	if r.Created.IsZero() {
		r.Created = time.Now()
	}
	if r.Status == "" {
		r.Status = StatusWaiting
	}
	o := r.Options
	if o.AfterHold == "" {
		o.AfterHold = SeatOpen
	}
	if o.Spectators == "" {
		o.Spectators = SpectatorsAll
	}
	return e.write(ctx, func(t tx) (Event, error) {
		n, err := t.exec(ctx, `INSERT INTO rooms (code, variant, start, creator, rated, after_hold, spectators,
			clock_initial_ms, clock_increment_ms, clock_per_move_ms, clock_pause_on_hold,
			turn_started_ms, status, created_ms, updated_ms, spectator_chat)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15)
			ON CONFLICT (code) DO NOTHING`,
			r.Code, r.Variant, r.Start, r.Creator, boolInt(o.Rated), string(o.AfterHold), string(o.Spectators),
			o.Clock.Initial.Milliseconds(), o.Clock.Increment.Milliseconds(), o.Clock.PerMove.Milliseconds(),
			boolInt(o.Clock.PauseOnHold), ms(r.TurnStarted), string(r.Status), ms(r.Created), boolInt(o.SpectatorChat))
		if err != nil {
			return Event{}, err
		}
		if n == 0 {
			return Event{}, ErrCodeTaken
		}
		for i, s := range r.Seats {
			if _, err := t.exec(ctx, `INSERT INTO seats (room_code, seat, kind, player, name, ai_level, held_until_ms, remaining_ms, node, rating)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
				r.Code, i, string(s.Kind), s.Player, s.Name, s.AILevel, ms(s.HeldUntil), s.Remaining.Milliseconds(), s.Node, s.Rating); err != nil {
				return Event{}, err
			}
		}
		return Event{Room: r.Code, Version: 1}, nil
	})
}

// Room implements Store.
func (e *engine) Room(ctx context.Context, code string) (Room, error) {
	var r Room
	err := e.read(ctx, func(t tx) error {
		var err error
		r, err = loadRoom(ctx, t, code)
		return err
	})
	return r, err
}

// loadRoom reads a room with its seats and moves.
func loadRoom(ctx context.Context, q querier, code string) (Room, error) {
	r, count, err := scanRoom(q.queryRow(ctx, `SELECT `+roomColumns+` FROM rooms r WHERE r.code = $1`, code))
	if err != nil {
		return Room{}, notFound(err, ErrNoRoom)
	}
	rooms := []Room{r}
	if err := loadSeats(ctx, q, `r.code = $1`, []any{code}, rooms); err != nil {
		return Room{}, err
	}
	r = rooms[0]
	if r.Moves, err = loadMoves(ctx, q, code, count); err != nil {
		return Room{}, err
	}
	if r.Chat, err = loadChat(ctx, q, code); err != nil {
		return Room{}, err
	}
	if r.Status == StatusFinished && r.Options.Rated && r.GameID != "" {
		if r.Changes, err = loadChanges(ctx, q, r.GameID); err != nil {
			return Room{}, err
		}
	}
	return r, nil
}

func loadMoves(ctx context.Context, q querier, code string, count int) ([]string, error) {
	rs, err := q.query(ctx, `SELECT text FROM moves WHERE room_code = $1 ORDER BY ply`, code)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	moves := make([]string, 0, count)
	for rs.Next() {
		var m string
		if err := rs.Scan(&m); err != nil {
			return nil, err
		}
		moves = append(moves, m)
	}
	if err := rs.Err(); err != nil {
		return nil, err
	}
	if len(moves) != count {
		return nil, fmt.Errorf("store: room %s has %d moves stored, %d counted", code, len(moves), count)
	}
	return moves, nil
}

// loadSeats fills in the seats of rooms, read from the seats of the rooms
// matching where (over rooms r), matched by code.
func loadSeats(ctx context.Context, q querier, where string, args []any, rooms []Room) error {
	byCode := make(map[string]*Room, len(rooms))
	for i := range rooms {
		byCode[rooms[i].Code] = &rooms[i]
	}
	rs, err := q.query(ctx, `SELECT `+seatColumns+` FROM seats s JOIN rooms r ON r.code = s.room_code
		WHERE `+where+` ORDER BY s.room_code, s.seat`, args...)
	if err != nil {
		return err
	}
	defer rs.Close()
	for rs.Next() {
		code, i, s, err := scanSeat(rs)
		if err != nil {
			return err
		}
		if r := byCode[code]; r != nil && i == len(r.Seats) {
			r.Seats = append(r.Seats, s)
		}
	}
	return rs.Err()
}

// listRooms returns the rooms matching where (over rooms r), oldest
// first, with seats and without moves.
func (e *engine) listRooms(ctx context.Context, where string, args ...any) ([]Room, error) {
	var out []Room
	err := e.read(ctx, func(t tx) error {
		rs, err := t.query(ctx, `SELECT `+roomColumns+` FROM rooms r WHERE `+where+` ORDER BY r.created_ms, r.code`, args...)
		if err != nil {
			return err
		}
		for rs.Next() {
			r, _, err := scanRoom(rs)
			if err != nil {
				rs.Close()
				return err
			}
			out = append(out, r)
		}
		rs.Close()
		if err := rs.Err(); err != nil {
			return err
		}
		return loadSeats(ctx, t, where, args, out)
	})
	return out, err
}

// Rooms implements Store.
func (e *engine) Rooms(ctx context.Context, statuses ...Status) ([]Room, error) {
	if len(statuses) == 0 {
		return e.listRooms(ctx, `1 = 1`)
	}
	marks := make([]string, len(statuses))
	args := make([]any, len(statuses))
	for i, s := range statuses {
		marks[i], args[i] = fmt.Sprintf("$%d", i+1), string(s)
	}
	return e.listRooms(ctx, `r.status IN (`+strings.Join(marks, ", ")+`)`, args...)
}

// PlayerRooms implements Store.
func (e *engine) PlayerRooms(ctx context.Context, fingerprint string) ([]Room, error) {
	if fingerprint == "" {
		return nil, nil // a guest holds no seat across sessions
	}
	return e.listRooms(ctx, `r.status IN ('waiting', 'playing') AND EXISTS (SELECT 1 FROM seats p
		WHERE p.room_code = r.code AND p.player = $1 AND p.kind IN ('player', 'held'))`, fingerprint)
}

// whyNot explains a guarded UPDATE of a room that changed no row.
func whyNot(ctx context.Context, t querier, code, what string, want int64) error {
	var moves, version int64
	var status string
	err := t.queryRow(ctx, `SELECT move_count, version, status FROM rooms WHERE code = $1`, code).Scan(&moves, &version, &status)
	switch {
	case err != nil:
		return notFound(err, ErrNoRoom)
	case status == string(StatusFinished) || status == string(StatusQuarantined):
		return ErrClosed
	case what == "move":
		return &ConflictError{Room: code, What: what, Want: want, Have: moves}
	}
	return &ConflictError{Room: code, What: what, Want: want, Have: version}
}

// whyNotDeleted says why DeleteRoom's compare-and-set found no room at
// moves moves: there is none, or it holds another number of moves (a
// finished room too can be deleted, so ErrClosed is no answer here).
func whyNotDeleted(ctx context.Context, t querier, code string, moves int) error {
	var have int64
	if err := t.queryRow(ctx, `SELECT move_count FROM rooms WHERE code = $1`, code).Scan(&have); err != nil {
		return notFound(err, ErrNoRoom)
	}
	return &ConflictError{Room: code, What: "move", Want: int64(moves), Have: have}
}

// AppendMove implements Store.
func (e *engine) AppendMove(ctx context.Context, code string, m Move) (int64, error) {
	if e.moves != nil {
		return e.moves.add(ctx, code, m)
	}
	var version int64
	err := e.write(ctx, func(t tx) (Event, error) {
		// The compare-and-set: of two writers of move N, the second finds
		// move_count past N (PostgreSQL re-checks the row after the first
		// commits; SQLite runs one write transaction at a time).
		n, err := t.exec(ctx, sqlMoveCAS, code, m.Number, ms(m.At))
		if err != nil {
			return Event{}, err
		} else if n == 0 {
			return Event{}, whyNot(ctx, t, code, "move", int64(m.Number))
		}
		var status string
		if err := t.queryRow(ctx, sqlMoveVersion, code).Scan(&version, &status); err != nil {
			return Event{}, err
		}
		if status != string(StatusPlaying) {
			if _, err := t.exec(ctx, sqlMoveStarts, code); err != nil {
				return Event{}, err
			}
		}
		if _, err := t.exec(ctx, sqlInsertMove, code, m.Number, m.Seat, m.Text, ms(m.At)); err != nil {
			return Event{}, err
		}
		if _, err := t.exec(ctx, sqlMoverClock, code, m.Seat, m.Remaining.Milliseconds()); err != nil {
			return Event{}, err
		}
		return Event{Room: code, Moves: m.Number + 1, Version: version, Move: &m}, nil
	})
	return version, err
}

// The statements of every move on SQLite, kept prepared (hotStatements);
// PostgreSQL's is sqlMoveBatch. "OR FAIL" instead of the default ABORT:
// SQLite keeps a statement journal (each page the statement changes,
// copied into memory it maps and unmaps) for every statement that might
// have to undo part of its own changes — an UPDATE that could change
// several rows, an INSERT checking a foreign key — in a transaction of
// several, as the group commit's are. These change one row at most (the
// room, the move, the mover's seat, each by its key), so FAIL, which
// keeps what the statement changed before failing, leaves the same as
// ABORT, without the journal: the journal was 40 % of the committer's
// CPU at a thousand moves a second (BenchmarkAppendMoveParallel: 240 →
// 155–162 µs of CPU a move, mmap and munmap 5.8 → 1.8 a move).
const (
	// sqlMoveCAS is the move's compare-and-set (see AppendMove), and
	// sqlMoveVersion reads the version it set. Not one statement with
	// RETURNING: SQLite gathers a RETURNING statement's rows in a
	// temporary table of its own, whose page cache it allocates and
	// frees on every run (an mmap and a munmap of its bulk a move, a
	// fifth of the committer's CPU); the read by the room's key does not.
	// The room's status is set (sqlMoveStarts) only by the move that
	// starts the game: a status in the SET list makes SQLite rewrite the
	// room's entry in rooms_by_status, one more page in the commit for
	// every move, unchanged.
	sqlMoveCAS = `UPDATE OR FAIL rooms SET move_count = move_count + 1, version = version + 1,
			turn_started_ms = $3, updated_ms = $3, offer = ''
			WHERE code = $1 AND move_count = $2 AND status IN ('waiting', 'playing')`
	sqlMoveVersion = `SELECT version, status FROM rooms WHERE code = $1`
	sqlMoveStarts  = `UPDATE OR FAIL rooms SET status = 'playing' WHERE code = $1`
	sqlInsertMove  = `INSERT OR FAIL INTO moves (room_code, ply, seat, text, played_ms) VALUES ($1, $2, $3, $4, $5)`
	// sqlMoverClock leaves a clock that did not change (none, in a room
	// without one) unwritten: no new row, no page to commit.
	sqlMoverClock = `UPDATE OR FAIL seats SET remaining_ms = $3 WHERE room_code = $1 AND seat = $2 AND remaining_ms <> $3`
)

// hotStatements are prepared once when a store opens.
var hotStatements = []string{sqlMoveCAS, sqlMoveVersion, sqlInsertMove, sqlMoverClock}

// UpdateRoom implements Store.
func (e *engine) UpdateRoom(ctx context.Context, code string, version int64, u RoomUpdate) (int64, error) {
	var next, moves int64
	err := e.write(ctx, func(t tx) (Event, error) {
		err := t.queryRow(ctx, `UPDATE rooms SET version = version + 1, updated_ms = $3, turn_started_ms = $4,
			status = CASE WHEN $5 = 1 THEN 'playing' ELSE status END, adjourned_ms = $6
			WHERE code = $1 AND version = $2 AND status IN ('waiting', 'playing')
			RETURNING version, move_count`, code, version, ms(time.Now()), ms(u.TurnStarted), boolInt(u.Started), ms(u.Adjourned)).Scan(&next, &moves)
		if errors.Is(err, errNoRows) {
			return Event{}, whyNot(ctx, t, code, "version", version)
		} else if err != nil {
			return Event{}, err
		}
		if u.Seats != nil {
			var count int
			if err := t.queryRow(ctx, `SELECT COUNT(*) FROM seats WHERE room_code = $1`, code).Scan(&count); err != nil {
				return Event{}, err
			}
			if count != len(u.Seats) {
				return Event{}, fmt.Errorf("store: room %s has %d seats, not %d", code, count, len(u.Seats))
			}
		}
		for i, s := range u.Seats {
			n, err := t.exec(ctx, `UPDATE seats SET kind = $3, player = $4, name = $5, ai_level = $6,
				held_until_ms = $7, remaining_ms = $8, node = $9, rating = $10 WHERE room_code = $1 AND seat = $2`,
				code, i, string(s.Kind), s.Player, s.Name, s.AILevel, ms(s.HeldUntil), s.Remaining.Milliseconds(), s.Node, s.Rating)
			if err != nil {
				return Event{}, err
			}
			if n != 1 {
				return Event{}, fmt.Errorf("store: room %s has no seat %d", code, i)
			}
		}
		return Event{Room: code, Moves: int(moves), Version: next}, nil
	})
	return next, err
}

// QuarantineRoom implements Store.
func (e *engine) QuarantineRoom(ctx context.Context, code, reason string) error {
	return e.write(ctx, func(t tx) (Event, error) {
		var version, moves int64
		err := t.queryRow(ctx, `UPDATE rooms SET status = 'quarantined', quarantine = $2, version = version + 1,
			updated_ms = $3 WHERE code = $1 RETURNING version, move_count`, code, reason, ms(time.Now())).Scan(&version, &moves)
		if err != nil {
			return Event{}, notFound(err, ErrNoRoom)
		}
		return Event{Room: code, Moves: int(moves), Version: version}, nil
	})
}

// DeleteRoom implements Store.
func (e *engine) DeleteRoom(ctx context.Context, code string, moves int) error {
	return e.write(ctx, func(t tx) (Event, error) {
		// The check takes the room's row: a move being stored by
		// another node waits for this transaction and then finds no room.
		var version int64
		err := t.queryRow(ctx, `UPDATE rooms SET version = version + 1 WHERE code = $1 AND move_count = $2 RETURNING version`,
			code, moves).Scan(&version)
		if errors.Is(err, errNoRows) {
			return Event{}, whyNotDeleted(ctx, t, code, moves)
		} else if err != nil {
			return Event{}, err
		}
		// Children first: no reliance on cascading deletes being enabled.
		for _, q := range []string{
			`DELETE FROM ai_leases WHERE room_code = $1`,
			`DELETE FROM moves WHERE room_code = $1`,
			`DELETE FROM chat WHERE room_code = $1`,
			`DELETE FROM seats WHERE room_code = $1`,
		} {
			if _, err := t.exec(ctx, q, code); err != nil {
				return Event{}, err
			}
		}
		n, err := t.exec(ctx, `DELETE FROM rooms WHERE code = $1`, code)
		if err != nil || n == 0 {
			return Event{}, err
		}
		return Event{Room: code}, nil
	})
}
