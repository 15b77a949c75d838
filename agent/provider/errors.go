package provider

import (
	"errors"
	"fmt"
	"time"
)

// Kind classifies a model failure. The names are the spec's error kinds
// as extension protocols spell them in an error event's kind field.
type Kind string

const (
	RateLimit       Kind = "rate_limit"
	Overloaded      Kind = "overloaded"
	Authentication  Kind = "authentication"
	InvalidRequest  Kind = "invalid_request"
	Terminal        Kind = "terminal"
	ModelNotFound   Kind = "model_not_found"
	Server          Kind = "server"
	Transport       Kind = "transport"
	ContextOverflow Kind = "context_overflow"
)

// Kinds lists every kind, in the order the spec names them.
var Kinds = []Kind{RateLimit, Overloaded, Authentication, InvalidRequest, Terminal, ModelNotFound, Server, Transport, ContextOverflow}

// ParseKind accepts a kind's name; an empty or unknown name is Terminal,
// a failure nobody knows how to recover from.
func ParseKind(s string) Kind {
	for _, k := range Kinds {
		if string(k) == s {
			return k
		}
	}
	return Terminal
}

// describe is how a kind reads in a message.
var describe = map[Kind]string{
	RateLimit:       "rate limited",
	Overloaded:      "overloaded",
	Authentication:  "authentication failed",
	InvalidRequest:  "invalid request",
	Terminal:        "failed",
	ModelNotFound:   "model not found",
	Server:          "server error",
	Transport:       "connection failed",
	ContextOverflow: "context window exceeded",
}

// Error is a classified model failure.
type Error struct {
	Kind Kind
	// Provider names the configured provider ("" when unknown).
	Provider string
	// Status is the HTTP status (0 when there was none).
	Status int
	// Message is the server's own message (never a credential).
	Message string
	// RetryAfter is what the server asked to wait before retrying (0 when
	// it did not say).
	RetryAfter time.Duration
	// Err is the underlying error, if any (a network error).
	Err error
}

func (e *Error) Error() string {
	s := describe[e.Kind]
	if s == "" {
		s = string(e.Kind)
	}
	if e.Provider != "" {
		s = e.Provider + ": " + s
	}
	if e.Status != 0 {
		s += fmt.Sprintf(" (HTTP %d)", e.Status)
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// Retryable reports whether the same request may succeed later: rate
// limits, overload, server and transport failures. Context overflow is
// recovered differently (compact, then retry once), so it is not.
func (e *Error) Retryable() bool {
	switch e.Kind {
	case RateLimit, Overloaded, Server, Transport:
		return true
	}
	return false
}

// AsError returns err's *Error, or nil.
func AsError(err error) *Error {
	var pe *Error
	if errors.As(err, &pe) {
		return pe
	}
	return nil
}
