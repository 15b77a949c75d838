package provider

import (
	"errors"
	"fmt"
	"io"
	"testing"
	"time"
)

// TestErrorReads: an error names the provider, the kind in words, the
// HTTP status and the server's message, each only when known; a kind
// without words reads as its name.
func TestErrorReads(t *testing.T) {
	cases := []struct {
		err  Error
		want string
	}{
		{Error{Kind: RateLimit, Provider: "anthropic", Status: 429, Message: "slow down"}, "anthropic: rate limited (HTTP 429): slow down"},
		{Error{Kind: Transport}, "connection failed"},
		{Error{Kind: Server, Status: 500}, "server error (HTTP 500)"},
		{Error{Kind: Authentication, Message: "bad key"}, "authentication failed: bad key"},
		{Error{Kind: ContextOverflow, Provider: "openai"}, "openai: context window exceeded"},
		{Error{Kind: Kind("quota")}, "quota"},
		{Error{Kind: Kind("quota"), Provider: "p", Status: 402, Message: "m"}, "p: quota (HTTP 402): m"},
	}
	for _, c := range cases {
		if got := c.err.Error(); got != c.want {
			t.Errorf("%+v reads %q, want %q", c.err, got, c.want)
		}
	}
	for _, k := range Kinds {
		if describe[k] == "" {
			t.Errorf("kind %s has no words", k)
		}
	}
}

// TestParseKind: every kind's own name parses to it, and nothing else
// does; an unknown or empty name is Terminal.
func TestParseKind(t *testing.T) {
	if len(Kinds) != 9 {
		t.Errorf("%d kinds, the spec names 9", len(Kinds))
	}
	seen := map[Kind]bool{}
	for _, k := range Kinds {
		if got := ParseKind(string(k)); got != k {
			t.Errorf("ParseKind(%q) = %q", k, got)
		}
		if seen[k] {
			t.Errorf("kind %s listed twice", k)
		}
		seen[k] = true
	}
	for _, s := range []string{"", "nonsense", "Rate_Limit", "rate_limit ", "context_overflow\x00"} {
		if got := ParseKind(s); got != Terminal {
			t.Errorf("ParseKind(%q) = %q, want terminal", s, got)
		}
	}
}

// TestRetryable: the same request is retried after a rate limit, an
// overload, a server error or a broken connection, and never after a
// failure that would repeat (a bad key, a bad request, an unknown model,
// a context overflow, which is compacted instead).
func TestRetryable(t *testing.T) {
	want := map[Kind]bool{RateLimit: true, Overloaded: true, Server: true, Transport: true}
	for _, k := range append(Kinds, Kind("other")) {
		if got := (&Error{Kind: k}).Retryable(); got != want[k] {
			t.Errorf("%s retryable = %v, want %v", k, got, want[k])
		}
	}
}

// TestAsError: a classified error is found through wrapping, and its
// cause stays reachable; any other error is nil.
func TestAsError(t *testing.T) {
	cause := io.ErrUnexpectedEOF
	pe := &Error{Kind: Transport, Err: cause}
	wrapped := fmt.Errorf("turn 3: %w", pe)
	if got := AsError(wrapped); got != pe {
		t.Errorf("AsError(wrapped) = %v, want the error", got)
	}
	if !errors.Is(wrapped, cause) {
		t.Error("the cause is not reachable through the error")
	}
	if got := AsError(errors.New("plain")); got != nil {
		t.Errorf("AsError(plain) = %v, want nil", got)
	}
	if got := AsError(nil); got != nil {
		t.Errorf("AsError(nil) = %v, want nil", got)
	}
}

// TestBackoffEdges: the delays at the edges of the policy.
func TestBackoffEdges(t *testing.T) {
	b := Backoff{Attempts: 100, Base: time.Second, Max: 30 * time.Second}
	cases := []struct {
		name  string
		n     int
		err   *Error
		want  time.Duration
		retry bool
	}{
		{"the last allowed retry", 100, &Error{Kind: Server}, 30 * time.Second, true},
		{"one past the last", 101, &Error{Kind: Server}, 0, false},
		{"a doubling past the cap", 6, &Error{Kind: Server}, 30 * time.Second, true},
		{"just under the cap", 5, &Error{Kind: Server}, 16 * time.Second, true},
		{"a shift that overflows is the cap", 70, &Error{Kind: Server}, 30 * time.Second, true},
		{"retry-after equal to the delay", 2, &Error{Kind: RateLimit, RetryAfter: 2 * time.Second}, 2 * time.Second, true},
		{"retry-after shorter than the delay", 3, &Error{Kind: RateLimit, RetryAfter: time.Second}, 4 * time.Second, true},
		{"retry-after exactly the cap", 1, &Error{Kind: RateLimit, RetryAfter: 30 * time.Second}, 30 * time.Second, true},
		{"retry-after past the cap", 1, &Error{Kind: Overloaded, RetryAfter: time.Hour}, 30 * time.Second, true},
		{"retry-after on a final error", 1, &Error{Kind: InvalidRequest, RetryAfter: time.Second}, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, ok := b.Delay(c.n, c.err)
			if d != c.want || ok != c.retry {
				t.Errorf("Delay(%d) = %v, %v; want %v, %v", c.n, d, ok, c.want, c.retry)
			}
		})
	}
	if d, ok := (Backoff{Attempts: 0, Base: time.Second, Max: time.Minute}).Delay(1, &Error{Kind: Server}); ok || d != 0 {
		t.Errorf("no retries allowed: Delay(1) = %v, %v", d, ok)
	}
	if DefaultBackoff.Attempts != 4 || DefaultBackoff.Base != time.Second || DefaultBackoff.Max != 30*time.Second {
		t.Errorf("DefaultBackoff %+v, documented as four retries from 1 s, capped at 30 s", DefaultBackoff)
	}
}
