package ggp

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"
)

// maxReply bounds a player's reply in bytes: a move, or an info list.
const maxReply = 64 << 10

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
// timeout; a refusal (a status other than 200) is an error with the
// player's one-line reason.
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
		if ctx.Err() == context.DeadlineExceeded {
			return "", fmt.Errorf("no reply to %s within %s", msg.Kind, timeout)
		}
		return "", fmt.Errorf("%s: %v", msg.Kind, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxReply+1))
	if err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			return "", fmt.Errorf("no reply to %s within %s", msg.Kind, timeout)
		}
		return "", fmt.Errorf("%s: reading the reply: %v", msg.Kind, err)
	}
	if len(body) > maxReply {
		return "", fmt.Errorf("%s: reply longer than %d bytes", msg.Kind, maxReply)
	}
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("%s refused (%s): %s", msg.Kind, resp.Status, clip(bytes.TrimSpace(body)))
	}
	return ParseReply(body)
}
