package provider

import "time"

// Backoff is the retry policy for retryable failures (Error.Retryable):
// capped exponential delays, with the server's Retry-After honoured when
// it asks for longer (up to Max).
type Backoff struct {
	// Attempts is how many retries follow the first try.
	Attempts int
	// Base is the first delay; each retry doubles it.
	Base time.Duration
	// Max caps every delay, Retry-After included.
	Max time.Duration
}

// DefaultBackoff retries four times: about 1 s, 2 s, 4 s, 8 s.
var DefaultBackoff = Backoff{Attempts: 4, Base: time.Second, Max: 30 * time.Second}

// Delay is the wait before retry number n (1-based) after err, and
// whether to retry at all.
func (b Backoff) Delay(n int, err *Error) (time.Duration, bool) {
	if err == nil || !err.Retryable() || n > b.Attempts {
		return 0, false
	}
	d := b.Base << (n - 1)
	if d <= 0 || d > b.Max {
		d = b.Max
	}
	if err.RetryAfter > d {
		d = min(err.RetryAfter, b.Max)
	}
	return d, true
}
