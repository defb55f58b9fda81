package ggp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// maxReply bounds a player's reply in bytes: a move, or an info list.
const maxReply = 64 << 10

// The ways a message to a player fails, as a match record tells them
// apart (see Fault): no reply in time, or no reply at all (the
// connection failed, or the player refused the message with an HTTP
// error status).
var (
	ErrNoReply    = errors.New("no reply in time")
	ErrConnection = errors.New("no reply")
)

// Remote is a GGP player reached over HTTP, as a Game Manager talks to it.
type Remote struct {
	// URL is the player's address, e.g. http://127.0.0.1:9147.
	URL string
	// Client sends the messages; http.DefaultClient's transport when nil.
	Client *http.Client
}

// ParseRemoteURL checks a player's address: http or https, with a host.
func ParseRemoteURL(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("%q is not a player's address (want http://HOST:PORT)", s)
	}
	return u.String(), nil
}

// Send posts msg and returns the reply in canonical KIF. It gives up after
// timeout (an error wrapping ErrNoReply); a failed connection or a
// refusal (a status other than 200, with the player's one-line reason)
// wraps ErrConnection.
func (r *Remote) Send(ctx context.Context, msg Message, timeout time.Duration) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.URL, bytes.NewBufferString(msg.String()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "text/acl")
	req.Header.Set("Sender", "tabletop")
	req.Header.Set("Receiver", req.URL.Host)
	client := r.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return "", sendErr(ErrNoReply, "no reply to %s within %s", msg.Kind, timeout)
		}
		return "", sendErr(ErrConnection, "%s: %v", msg.Kind, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxReply+1))
	if err != nil {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return "", sendErr(ErrNoReply, "no reply to %s within %s", msg.Kind, timeout)
		}
		return "", sendErr(ErrConnection, "%s: reading the reply: %v", msg.Kind, err)
	}
	if len(body) > maxReply {
		return "", fmt.Errorf("%s: reply longer than %d bytes", msg.Kind, maxReply)
	}
	if resp.StatusCode != http.StatusOK {
		return "", sendErr(ErrConnection, "%s refused (%s): %s", msg.Kind, resp.Status, clip(bytes.TrimSpace(body)))
	}
	return ParseReply(body)
}

// sendError is a failed message: its own words, and which way it failed
// (ErrNoReply or ErrConnection) for errors.Is.
type sendError struct {
	kind error
	text string
}

func (e *sendError) Error() string { return e.text }
func (e *sendError) Unwrap() error { return e.kind }

func sendErr(kind error, format string, a ...any) error {
	return &sendError{kind: kind, text: fmt.Sprintf(format, a...)}
}
