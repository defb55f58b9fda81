package server

import (
	"fmt"
	"strings"

	"charm.land/ssh"
	"github.com/anmitsu/go-shlex"
	gossh "golang.org/x/crypto/ssh"

	"github.com/tabletop/tabletop/internal/remoteterm"
	"github.com/tabletop/tabletop/rooms"
)

// maxPreShellRequests caps the requests a session channel may send before
// its shell: a real client sends a handful (pty-req, a few env, maybe agent
// and X11 forwarding, a window change or two).
const maxPreShellRequests = 64

// requestFilter stands between a session channel and the SSH library's
// session. The library delivers window changes over a one-slot channel that
// nobody reads before the shell starts, so a second window change before
// the shell used to stop the connection's request loop for good (and with
// it the whole connection). The filter answers every request itself,
// without ever blocking: the library sees at most one pty-req (carrying the
// latest window) and the accepted shell or exec; window changes after the
// shell go straight to the session's own latest-wins slot.
type requestFilter struct {
	srv *Server
	st  *connState
	ch  gossh.Channel
	out chan *gossh.Request

	pty     *ptyRequestPayload
	started bool
	// req is the request handleFn answers: a request is parsed and
	// answered off the filter's stack (see run), through handleFn, made
	// once.
	req      *gossh.Request
	handleFn func()
	count    int
	failed   bool // refusing: the channel is being closed
}

// ptyRequestPayload is RFC 4254's pty-req.
type ptyRequestPayload struct {
	Term                         string
	Columns, Rows, Width, Height uint32
	Modes                        string
}

// windowChangePayload is RFC 4254's window-change.
type windowChangePayload struct{ Columns, Rows, Width, Height uint32 }

// filteredChannel hands the library a filtered request stream.
type filteredChannel struct {
	gossh.NewChannel
	srv *Server
	st  *connState
}

func (f filteredChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := f.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	// Two slots: the start never blocks on the library (pty-req, shell).
	out := make(chan *gossh.Request, 2)
	f.st.channel = ch
	rf := &requestFilter{srv: f.srv, st: f.st, ch: ch, out: out}
	rf.handleFn = rf.handleReq
	f.srv.spawn(f.st, func() { rf.run(reqs) })
	return ch, out, nil
}

func (rf *requestFilter) run(reqs <-chan *gossh.Request) {
	defer func() {
		if rf.out != nil {
			close(rf.out)
		}
	}()
	for req := range reqs {
		if rf.failed {
			continue // the channel is closing; nothing more is answered
		}
		if !rf.started {
			rf.count++
			if rf.count > maxPreShellRequests {
				rf.srv.offence(rf.st, "too many requests before the shell")
				rf.refuse(req, "tabletop: too many requests before the shell", true)
				continue
			}
		}
		// Parsing a request (the library's reflection-based Unmarshal)
		// runs deep: on this goroutine, which waits as long as the
		// session, it would grow the stack to 4 KB for good.
		rf.req = req
		remoteterm.OffStack(rf.handleFn)
		rf.req = nil
	}
}

// handleReq handles rf.req.
func (rf *requestFilter) handleReq() { rf.handle(rf.req) }

func (rf *requestFilter) handle(req *gossh.Request) {
	switch req.Type {
	case "pty-req":
		var p ptyRequestPayload
		if rf.started || rf.pty != nil || gossh.Unmarshal(req.Payload, &p) != nil {
			rf.deny(req)
			return
		}
		rf.pty = &p
		_ = req.Reply(true, nil)
	case "window-change":
		var w windowChangePayload
		if rf.pty == nil || gossh.Unmarshal(req.Payload, &w) != nil {
			rf.deny(req)
			return
		}
		if !rf.started {
			rf.pty.Columns, rf.pty.Rows = w.Columns, w.Rows
		} else {
			rf.st.pacer.put(ssh.Window{Width: int(w.Columns), Height: int(w.Rows)})
		}
		_ = req.Reply(true, nil)
	case "shell", "exec":
		rf.start(req)
	default:
		rf.deny(req)
	}
}

// start admits a shell or "join CODE", or refuses with a reason the
// client can show.
func (rf *requestFilter) start(req *gossh.Request) {
	if rf.started {
		rf.deny(req)
		return
	}
	if req.Type == "exec" {
		var cmd struct{ Value string }
		if gossh.Unmarshal(req.Payload, &cmd) != nil {
			rf.deny(req)
			return
		}
		args := splitCommand(cmd.Value)
		if _, ok := joinCommand(args); !ok {
			rf.srv.refusals.warn(rf.srv.log, "exec refused", "remote", rf.st.remote, "command", logText(cmd.Value))
			switch {
			case len(args) > 0 && args[0] == "join":
				rf.explain(req, joinProblem(args))
			case fileTool(args):
				rf.refuse(req, "tabletop: no files here", false)
			default:
				rf.explain(req, fmt.Sprintf("tabletop: %q is not a command here. Connect with  ssh -t  and no command for the menu, or  ssh -t HOST join CODE  for a room (its 4-character code).", cmd.Value))
			}
			return
		}
	}
	rf.started = true
	rf.srv.sessionStarted(rf.st)
	if rf.pty != nil {
		// The initial window reaches the session through its own slot; the
		// library takes the terminal from this synthetic, answer-less copy.
		rf.st.pacer.put(ssh.Window{Width: int(rf.pty.Columns), Height: int(rf.pty.Rows)})
		rf.out <- &gossh.Request{Type: "pty-req", Payload: gossh.Marshal(rf.pty)}
	}
	rf.out <- req
	// The library has all it will get; closing its stream ends its request
	// loop (one goroutine less per session) once it has started the shell.
	// Later requests are the filter's alone.
	close(rf.out)
	rf.out = nil
}

// deny refuses one request, logged at debug level. It is no offence:
// OpenSSH sends env and agent requests unasked (SendEnv, ForwardAgent).
func (rf *requestFilter) deny(req *gossh.Request) {
	rf.srv.log.Debug("request refused", "remote", rf.st.remote, "type", logText(req.Type), "started", rf.started)
	_ = req.Reply(false, nil)
}

// refuse tells the client why on stderr, refuses the request and closes
// the channel (and with hangUp the connection). It never blocks the
// filter: a client that reads nothing holds only this goroutine, and only
// until the connection closes (at the latest at the handshake deadline).
func (rf *requestFilter) refuse(req *gossh.Request, why string, hangUp bool) {
	rf.failed = true
	ch, st := rf.ch, rf.st
	rf.srv.spawn(st, func() {
		_, _ = ch.Stderr().Write([]byte(why + "\r\n"))
		_ = req.Reply(false, nil)
		_, _ = ch.SendRequest("exit-status", false, gossh.Marshal(struct{ Status uint32 }{1}))
		_ = ch.Close()
		if hangUp && st.raw != nil {
			_ = st.raw.Close()
		}
	})
}

// fileTool tells the commands of the tools that copy files or
// repositories over SSH (scp, sftp, rsync, git): they are refused at the
// protocol level, which those tools report as a failure, while any other
// command is told in words what the server offers (explain).
func fileTool(args []string) bool {
	if len(args) == 0 {
		return false
	}
	name := args[0]
	return name == "scp" || name == "rsync" || strings.HasPrefix(name, "git-") || strings.Contains(name, "sftp")
}

// explain accepts a mistyped "join", or a command that is none of the
// server's, only to say what is wrong on stderr and exit with status 1: OpenSSH shows nothing of a refused command but
// "exec request failed". Tools (scp, git, sftp) are refused outright.
func (rf *requestFilter) explain(req *gossh.Request, why string) {
	rf.failed = true
	ch := rf.ch
	rf.srv.spawn(rf.st, func() {
		_ = req.Reply(true, nil)
		_, _ = ch.Stderr().Write([]byte(why + "\r\n"))
		_, _ = ch.SendRequest("exit-status", false, gossh.Marshal(struct{ Status uint32 }{1}))
		_ = ch.Close()
	})
}

// joinProblem says what is wrong with a "join" command.
func joinProblem(args []string) string {
	if len(args) != 2 {
		return "tabletop: usage: join CODE (a room's 4-character code, like K7QX)"
	}
	if _, err := rooms.NormalizeCode(args[1]); err != nil {
		return "tabletop: " + err.Error()
	}
	return "tabletop: usage: join CODE"
}

// putLatest puts w in a one-slot channel, replacing what is there: only
// the latest window matters. Writers must not race each other.
func putLatest(c chan ssh.Window, w ssh.Window) {
	for {
		select {
		case c <- w:
			return
		default:
		}
		select {
		case <-c:
		default:
		}
	}
}

// maxCommand bounds the exec commands split as a shell would: "join
// CODE" is a dozen bytes, and the splitter builds each word a character
// at a time, which costs the square of its length — a 100 KB command took
// 11 s of CPU, past the handshake deadline.
const maxCommand = 256

// splitCommand splits an exec command as the SSH library does for
// Session.Command, so the filter and the session agree on "join CODE". A
// command too long to be one is split at spaces only: it is refused
// either way, and its reason (a room code is 4 characters) comes at once.
func splitCommand(raw string) []string {
	if len(raw) > maxCommand {
		return strings.Fields(raw)
	}
	args, _ := shlex.Split(raw, true)
	return args
}
