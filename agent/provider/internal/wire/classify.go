package wire

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"panto/agent/provider"
)

// Details is what an error body says: the server's message and, when it
// gives them, its error type ("rate_limit_error") and code
// ("context_length_exceeded").
type Details struct {
	Message, Type, Code string
}

// ParseDetails reads an error body in the shapes the APIs and the
// OpenAI-compatible servers use:
//
//	{"type":"error","error":{"type":"overloaded_error","message":"..."}}   Anthropic
//	{"error":{"message":"...","type":"...","code":"..."}}                  OpenAI, llama.cpp
//	{"error":"model 'x' not found"}                                        Ollama
//	{"object":"error","message":"...","type":"...","code":400}             vLLM
//	{"detail":"..."}                                                       FastAPI servers
//
// and falls back to the body's text (HTML pages reduced to nothing, so
// the status text stands in).
func ParseDetails(body []byte) Details {
	var shape struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
		Type    string          `json:"type"`
		Code    json.RawMessage `json:"code"`
		Detail  json.RawMessage `json:"detail"`
	}
	if json.Unmarshal(body, &shape) == nil {
		var inner struct {
			Message string          `json:"message"`
			Type    string          `json:"type"`
			Code    json.RawMessage `json:"code"`
		}
		var s string
		switch {
		case json.Unmarshal(shape.Error, &inner) == nil && (inner.Message != "" || inner.Type != ""):
			return Details{Message: clip(inner.Message), Type: inner.Type, Code: scalar(inner.Code)}
		case json.Unmarshal(shape.Error, &s) == nil && s != "":
			return Details{Message: clip(s)}
		case shape.Message != "":
			d := Details{Message: clip(shape.Message), Code: scalar(shape.Code)}
			if shape.Type != "error" {
				d.Type = shape.Type
			}
			return d
		case json.Unmarshal(shape.Detail, &s) == nil && s != "":
			return Details{Message: clip(s)}
		case len(shape.Detail) > 0 && shape.Detail[0] != 'n':
			return Details{Message: clip(string(shape.Detail))}
		}
	}
	text := strings.TrimSpace(string(body))
	if strings.HasPrefix(text, "<") {
		return Details{} // an HTML error page says nothing useful in a terminal
	}
	return Details{Message: clip(strings.Join(strings.Fields(text), " "))}
}

// scalar renders a code that may be a string or a number.
func scalar(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		return n.String()
	}
	return ""
}

// clip keeps a message to what a status line can show.
func clip(s string) string {
	const max = 2000
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// overflowPatterns are the ways servers say that the prompt does not fit
// the model's window. A 400 carrying one of them is a context overflow,
// which the loop answers by compacting, not an invalid request.
var overflowPatterns = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(strings.Join([]string{
		`prompt is too long`,                  // Anthropic
		`exceeds? the context window`,         // OpenAI Responses
		`maximum context length`,              // OpenAI Chat, vLLM, Mistral, DeepSeek
		`context[_ ]length[_ ]exceeded`,       // OpenAI's code
		`exceeds? the available context size`, // llama.cpp
		`exceed_context_size`,                 // llama.cpp's type
		`context (window|length|size) (is |has been )?exceeded`,
		`input is too long`,                            // Bedrock
		`(input|prompt) (token count|length).*exceeds`, // Gemini, others
		`exceeds the maximum number of tokens`,         // Gemini
		`greater than the context length`,              // Ollama, LM Studio
		`reduce the length of the messages`,            // OpenAI, Groq
		`too many tokens.*(context|prompt)`,            // a few proxies
		`request too large for model`,
	}, "|"))
})

// quotaPatterns are rate-limit-looking refusals that waiting does not
// fix: the account is out of credit.
var quotaPatterns = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`insufficient_quota|exceeded your current quota|credit balance is too low|billing`)
})

// modelMissing catches servers that answer an unknown model with a 400.
var modelMissing = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("model.{0,200}(not found|does not exist|is not available)|unknown model|no such model|model_not_found")
})

// KindFor classifies a failure from its HTTP status (0 for an error that
// arrived inside a stream) and the body's details.
func KindFor(status int, d Details) provider.Kind {
	text := strings.ToLower(d.Message + " " + d.Type + " " + d.Code)
	switch {
	case overflowPatterns().MatchString(text):
		return provider.ContextOverflow
	case quotaPatterns().MatchString(text):
		return provider.Terminal
	}
	switch status {
	case 0:
		// An error event in a stream: its type says what it is.
	case http.StatusUnauthorized, http.StatusForbidden:
		return provider.Authentication
	case http.StatusNotFound:
		return provider.ModelNotFound
	case http.StatusTooManyRequests:
		return provider.RateLimit
	case 529:
		return provider.Overloaded
	case http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnprocessableEntity:
		if modelMissing().MatchString(text) {
			return provider.ModelNotFound
		}
		return provider.InvalidRequest
	case http.StatusRequestTimeout:
		return provider.Server
	default:
		if status >= 500 {
			if strings.Contains(text, "overloaded") {
				return provider.Overloaded
			}
			return provider.Server
		}
		if status >= 400 {
			return provider.Terminal
		}
	}
	switch t := strings.ToLower(d.Type + " " + d.Code); {
	case strings.Contains(text, "overloaded"): // text holds t too
		return provider.Overloaded
	case strings.Contains(t, "rate_limit"):
		return provider.RateLimit
	case strings.Contains(t, "authentication") || strings.Contains(t, "permission") || strings.Contains(t, "invalid_api_key"):
		return provider.Authentication
	case strings.Contains(t, "not_found") || modelMissing().MatchString(text):
		return provider.ModelNotFound
	case strings.Contains(t, "invalid_request") || strings.Contains(t, "invalid_prompt"):
		return provider.InvalidRequest
	}
	return provider.Server
}

// Classify turns a refused HTTP request into an *Error: status, body
// and the Retry-After the server asked for.
func Classify(status int, h http.Header, body []byte) *provider.Error {
	d := ParseDetails(body)
	msg := d.Message
	if msg == "" {
		msg = http.StatusText(status)
	}
	return &provider.Error{Kind: KindFor(status, d), Status: status, Message: msg, RetryAfter: RetryAfter(h, time.Now())}
}

// StreamError is an error event inside a stream (no HTTP status).
func StreamError(d Details) *provider.Error {
	msg := d.Message
	if msg == "" {
		msg = strings.TrimSpace(d.Type + " " + d.Code)
	}
	if msg == "" {
		msg = "the server reported an error"
	}
	return &provider.Error{Kind: KindFor(0, d), Message: msg}
}

// RetryAfter reads how long the server asked to wait: retry-after-ms
// (milliseconds, as OpenAI sends it), else Retry-After in seconds or as
// an HTTP date. 0 when it did not say or said nonsense.
func RetryAfter(h http.Header, now time.Time) time.Duration {
	if v := strings.TrimSpace(h.Get("retry-after-ms")); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms > 0 && ms < 1e12 {
			return time.Duration(ms * float64(time.Millisecond))
		}
	}
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil {
		if s > 0 && s < 1e9 {
			return time.Duration(s * float64(time.Second))
		}
		return 0
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := t.Sub(now); d > 0 {
			return d
		}
	}
	return 0
}

// Redact removes a credential from a message: some servers echo the key
// they refused, and messages reach the terminal and the session file.
func Redact(s, key string) string {
	if len(key) < 8 || !strings.Contains(s, key) {
		return s
	}
	return strings.ReplaceAll(s, key, "[redacted]")
}

// Quote shows the start of a payload in a message.
func Quote(data []byte) string {
	const max = 200
	s := string(data)
	if len(s) > max {
		s = s[:max] + "…"
	}
	return strconv.Quote(s)
}
