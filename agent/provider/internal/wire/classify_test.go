package wire

import (
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"panto/agent/provider"
)

func TestParseDetails(t *testing.T) {
	cases := []struct {
		name string
		body string
		want Details
	}{
		{"anthropic", `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`, Details{Message: "Overloaded", Type: "overloaded_error"}},
		{"openai", `{"error":{"message":"m","type":"invalid_request_error","param":null,"code":"context_length_exceeded"}}`, Details{Message: "m", Type: "invalid_request_error", Code: "context_length_exceeded"}},
		{"numeric code", `{"error":{"code":400,"message":"m","type":"exceed_context_size_error"}}`, Details{Message: "m", Type: "exceed_context_size_error", Code: "400"}},
		{"ollama", `{"error":"model \"x\" not found"}`, Details{Message: `model "x" not found`}},
		{"vllm", `{"object":"error","message":"m","type":"BadRequestError","code":400}`, Details{Message: "m", Type: "BadRequestError", Code: "400"}},
		{"responses error event", `{"type":"error","code":"rate_limit_exceeded","message":"m","param":null}`, Details{Message: "m", Code: "rate_limit_exceeded"}},
		{"fastapi", `{"detail":"Not Found"}`, Details{Message: "Not Found"}},
		{"fastapi validation", `{"detail":[{"loc":["body","model"],"msg":"field required"}]}`, Details{Message: `[{"loc":["body","model"],"msg":"field required"}]`}},
		{"plain text", "  bad\n gateway  ", Details{Message: "bad gateway"}},
		{"html", "<html><body><h1>502</h1></body></html>", Details{}},
		{"empty", "", Details{}},
		{"an error with a message only", `{"error":{"message":"invalid x-api-key"}}`, Details{Message: "invalid x-api-key"}},
		{"an empty error object", `{"error":{}}`, Details{Message: `{"error":{}}`}},
		{"JSON of another shape", `{"status":"down"}`, Details{Message: `{"status":"down"}`}},
		{"a null detail", `{"detail":null}`, Details{Message: `{"detail":null}`}},
		{"a one-character detail", `{"detail":7}`, Details{Message: "7"}},
		// A null or empty error field says nothing: the message beside it
		// is the one to show.
		{"a null error beside a message", `{"error":null,"message":"model is loading"}`, Details{Message: "model is loading"}},
		{"an empty error beside a message", `{"error":"","message":"model is loading"}`, Details{Message: "model is loading"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := ParseDetails([]byte(c.body)); got != c.want {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

func TestKindFor(t *testing.T) {
	cases := []struct {
		status int
		d      Details
		want   provider.Kind
	}{
		{401, Details{}, provider.Authentication},
		{403, Details{}, provider.Authentication},
		{404, Details{}, provider.ModelNotFound},
		{429, Details{}, provider.RateLimit},
		{429, Details{Code: "insufficient_quota"}, provider.Terminal},
		{400, Details{Message: "Your credit balance is too low to access the Anthropic API."}, provider.Terminal},
		{529, Details{}, provider.Overloaded},
		{400, Details{}, provider.InvalidRequest},
		{422, Details{}, provider.InvalidRequest},
		{400, Details{Message: "prompt is too long: 210000 tokens > 200000 maximum"}, provider.ContextOverflow},
		{400, Details{Message: "This model's maximum context length is 8192 tokens."}, provider.ContextOverflow},
		{400, Details{Message: "Your input exceeds the context window of this model."}, provider.ContextOverflow},
		{400, Details{Message: "input is too long for requested model"}, provider.ContextOverflow},
		{400, Details{Message: "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)."}, provider.ContextOverflow},
		{400, Details{Message: "prompt length 9000 is greater than the context length 8192"}, provider.ContextOverflow},
		{400, Details{Message: "unknown model 'x'"}, provider.ModelNotFound},
		{400, Details{Message: "tools: this model does not support tools"}, provider.InvalidRequest},
		{408, Details{}, provider.Server},
		{500, Details{}, provider.Server},
		{503, Details{Message: "The server is overloaded"}, provider.Overloaded},
		{402, Details{}, provider.Terminal},
		{0, Details{Type: "overloaded_error"}, provider.Overloaded},
		{0, Details{Type: "rate_limit_error"}, provider.RateLimit},
		{0, Details{Code: "rate_limit_exceeded"}, provider.RateLimit},
		{0, Details{Type: "api_error"}, provider.Server},
		{0, Details{Type: "invalid_request_error"}, provider.InvalidRequest},
		{0, Details{Code: "invalid_prompt"}, provider.InvalidRequest},
		{0, Details{Code: "context_length_exceeded"}, provider.ContextOverflow},
		{0, Details{Type: "authentication_error"}, provider.Authentication},
		{0, Details{Type: "permission_error"}, provider.Authentication},
		{0, Details{Code: "invalid_api_key"}, provider.Authentication},
		{0, Details{Type: "not_found_error"}, provider.ModelNotFound},
		{0, Details{Message: "something odd"}, provider.Server},
	}
	for _, c := range cases {
		if got := KindFor(c.status, c.d); got != c.want {
			t.Errorf("KindFor(%d, %+v) = %s, want %s", c.status, c.d, got, c.want)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	cases := []struct {
		header map[string]string
		want   time.Duration
	}{
		{nil, 0},
		{map[string]string{"Retry-After": "12"}, 12 * time.Second},
		{map[string]string{"Retry-After": "0.5"}, 500 * time.Millisecond},
		{map[string]string{"Retry-After": "-3"}, 0},
		{map[string]string{"Retry-After": "soon"}, 0},
		{map[string]string{"Retry-After": now.Add(90 * time.Second).Format(http.TimeFormat)}, 90 * time.Second},
		{map[string]string{"Retry-After": now.Add(-time.Hour).Format(http.TimeFormat)}, 0},
		{map[string]string{"Retry-After-Ms": "250", "Retry-After": "9"}, 250 * time.Millisecond},
		{map[string]string{"Retry-After-Ms": "nonsense", "Retry-After": "9"}, 9 * time.Second},
		{map[string]string{"Retry-After-Ms": "0", "Retry-After": "9"}, 9 * time.Second},
		{map[string]string{"Retry-After-Ms": "1e12", "Retry-After": "9"}, 9 * time.Second},
	}
	for _, c := range cases {
		h := http.Header{}
		for k, v := range c.header {
			h.Set(k, v)
		}
		if got := RetryAfter(h, now); got != c.want {
			t.Errorf("RetryAfter(%v) = %v, want %v", c.header, got, c.want)
		}
	}
}

func TestRedact(t *testing.T) {
	if got := Redact("bad key sk-12345678 here", "sk-12345678"); got != "bad key [redacted] here" {
		t.Error(got)
	}
	if got := Redact("short k", "k"); got != "short k" {
		t.Error("a key too short to be one is not searched for")
	}
	if got := Redact("key 12345678 here", "12345678"); got != "key [redacted] here" {
		t.Errorf("an 8-character key: %q", got)
	}
	if got := Redact("key 1234567 here", "1234567"); got != "key 1234567 here" {
		t.Errorf("a 7-character key: %q", got)
	}
}

// TestClip: a message up to 2000 bytes is kept whole; a longer one is
// cut at the last character boundary at or before byte 2000, so the
// cut never splits a UTF-8 sequence, and marked with an ellipsis.
func TestClip(t *testing.T) {
	ascii := strings.Repeat("a", 2001)
	// "日本" is two 3-byte runes: the boundaries fall on multiples of 3,
	// the last one at or before 2000 being 1998.
	wide := strings.Repeat("日本", 500)
	for _, c := range []struct {
		name, in, want string
	}{
		{"short", "hello", "hello"},
		{"exactly the limit", ascii[:2000], ascii[:2000]},
		{"inside a character", wide, wide[:1998] + "…"},
		{"one byte over", ascii, ascii[:2000] + "…"},
		// Not UTF-8 (a raw body may be anything): no boundary at all.
		{"continuation bytes only", strings.Repeat("\x80", 2001), "…"},
	} {
		// A clip that does not stop at a boundary may not stop at all:
		// the first failure ends the table.
		ok := t.Run(c.name, func(t *testing.T) {
			got := clip(c.in)
			if got != c.want {
				t.Errorf("clip kept %d bytes, want %d", len(got), len(c.want))
			}
			if !utf8.ValidString(got) {
				t.Error("the clipped message is not valid UTF-8")
			}
		})
		if !ok {
			break
		}
	}
}

// TestQuote: a payload up to 200 bytes is quoted whole; a longer one is
// cut to its first 200 bytes and marked.
func TestQuote(t *testing.T) {
	exact := strings.Repeat("x", 200)
	for _, c := range []struct{ in, want string }{
		{`{"a":1}`, `"{\"a\":1}"`},
		{exact, `"` + exact + `"`},
		{exact + "y", `"` + exact + `…"`},
	} {
		if got := Quote([]byte(c.in)); got != c.want {
			t.Errorf("Quote of %d bytes = %s, want %s", len(c.in), got, c.want)
		}
	}
}

// TestStreamError: an error event's message is the server's, else its
// type and code, else a fixed sentence, never empty; its kind comes
// from the details alone (no HTTP status).
func TestStreamError(t *testing.T) {
	for _, c := range []struct {
		d       Details
		kind    provider.Kind
		message string
	}{
		{Details{Message: "Overloaded", Type: "overloaded_error"}, provider.Overloaded, "Overloaded"},
		{Details{Type: "rate_limit_error", Code: "429"}, provider.RateLimit, "rate_limit_error 429"},
		{Details{Code: "invalid_prompt"}, provider.InvalidRequest, "invalid_prompt"},
		{Details{}, provider.Server, "the server reported an error"},
	} {
		e := StreamError(c.d)
		if e.Kind != c.kind || e.Message != c.message || e.Status != 0 {
			t.Errorf("StreamError(%+v) = %+v, want kind %s, message %q", c.d, e, c.kind, c.message)
		}
	}
}
