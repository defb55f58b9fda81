package common

import (
	"sync"

	tea "charm.land/bubbletea/v2"
)

// ioQueue runs a client's writes (a game's save, a record, a file) off
// the UI goroutine, one at a time and in the order they were asked for,
// so that a move's save never lands after the next one's and Update
// never waits for a disk or a database. Its goroutine runs only while
// there is work: an idle client holds none.
type ioQueue struct {
	mu      sync.Mutex
	ops     []*ioOp
	running bool
	idle    *sync.Cond // broadcast when the last operation is done
}

// ioOp is one operation and what it reported.
type ioOp struct {
	run  func() tea.Msg
	msg  tea.Msg
	done chan struct{}
}

// NewIOQueue is an empty queue; its goroutine runs only while it has work.
func NewIOQueue() *ioQueue {
	q := &ioQueue{}
	q.idle = sync.NewCond(&q.mu)
	return q
}

// Do queues run and returns a command that waits for it and reports its
// message. run goes ahead whether or not the command is run: the write
// is due either way; the command only brings back what came of it.
func (q *ioQueue) Do(run func() tea.Msg) tea.Cmd {
	op := &ioOp{run: run, done: make(chan struct{})}
	q.mu.Lock()
	q.ops = append(q.ops, op)
	if !q.running {
		q.running = true
		go q.work()
	}
	q.mu.Unlock()
	return func() tea.Msg {
		<-op.done
		return op.msg
	}
}

// work runs the queued operations until none is left.
func (q *ioQueue) work() {
	for {
		q.mu.Lock()
		if len(q.ops) == 0 {
			q.running = false
			q.idle.Broadcast()
			q.mu.Unlock()
			return
		}
		op := q.ops[0]
		q.ops = q.ops[1:]
		q.mu.Unlock()
		op.msg = op.run()
		close(op.done)
	}
}

// Wait blocks until every operation queued so far is done.
func (q *ioQueue) Wait() {
	q.mu.Lock()
	defer q.mu.Unlock()
	for q.running {
		q.idle.Wait()
	}
}
