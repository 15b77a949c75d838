package provider

import (
	"testing"
	"time"
)

func TestBackoffDelay(t *testing.T) {
	b := Backoff{Attempts: 3, Base: time.Second, Max: 5 * time.Second}
	cases := []struct {
		name  string
		n     int
		err   *Error
		want  time.Duration
		retry bool
	}{
		{"first retry", 1, &Error{Kind: RateLimit}, time.Second, true},
		{"doubles", 2, &Error{Kind: Server}, 2 * time.Second, true},
		{"capped", 3, &Error{Kind: Transport}, 4 * time.Second, true},
		{"out of attempts", 4, &Error{Kind: Overloaded}, 0, false},
		{"retry-after wins when longer", 1, &Error{Kind: RateLimit, RetryAfter: 3 * time.Second}, 3 * time.Second, true},
		{"retry-after capped by max", 1, &Error{Kind: RateLimit, RetryAfter: time.Minute}, 5 * time.Second, true},
		{"authentication is final", 1, &Error{Kind: Authentication}, 0, false},
		{"context overflow is not retried here", 1, &Error{Kind: ContextOverflow}, 0, false},
		{"nil error", 1, nil, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, ok := b.Delay(c.n, c.err)
			if d != c.want || ok != c.retry {
				t.Errorf("Delay(%d) = %v, %v; want %v, %v", c.n, d, ok, c.want, c.retry)
			}
		})
	}
}

func TestErrorMessage(t *testing.T) {
	e := &Error{Kind: RateLimit, Provider: "anthropic", Status: 429, Message: "slow down"}
	if got, want := e.Error(), "anthropic: rate limited (HTTP 429): slow down"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if ParseKind("overloaded") != Overloaded || ParseKind("nonsense") != Terminal || ParseKind("") != Terminal {
		t.Error("ParseKind")
	}
}
