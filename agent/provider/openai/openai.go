// Package openai holds the two built-in OpenAI protocols, spoken over
// net/http:
//
//   - `openai-completions` (alias `openai`): Chat Completions, POST
//     {base_url}/chat/completions. It is also the protocol of the
//     OpenAI-compatible servers (llama.cpp, vLLM, Ollama, LM Studio,
//     OpenRouter and most proxies), so it is lenient where they differ:
//     no Authorization header without a key, reasoning read from
//     reasoning_content or reasoning, a missing [DONE] accepted after a
//     finish_reason, tool calls without an index.
//   - `openai-responses`: the Responses API, POST {base_url}/responses,
//     stateless (store: false) with encrypted reasoning items carried in
//     the conversation so that a reasoning model keeps its thoughts
//     across tool calls.
//
// Files: completions.go and completions_decode.go, responses.go and
// responses_decode.go, effort.go (how effort labels map), this file
// (what both share: the base URL rule, headers, usage).
package openai

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"panto/agent/provider"
	"panto/agent/provider/internal/wire"
)

// Protocol names.
const (
	CompletionsName  = "openai-completions"
	CompletionsAlias = "openai"
	ResponsesName    = "openai-responses"
)

// DefaultBaseURL is OpenAI's endpoint; DefaultAPIKeyEnv holds its key.
const (
	DefaultBaseURL   = "https://api.openai.com/v1"
	DefaultAPIKeyEnv = "OPENAI_API_KEY"
)

// EndpointURL joins a base URL and an endpoint ("chat/completions").
// The base is used as given ("http://localhost:8080/v1"), except that a
// base with no path at all gets /v1, which is where every
// OpenAI-compatible server serves the API ("http://localhost:11434"
// means Ollama's http://localhost:11434/v1). An empty base is
// DefaultBaseURL.
func EndpointURL(base, endpoint string) string {
	if base == "" {
		base = DefaultBaseURL
	}
	base = strings.TrimRight(base, "/")
	if u, err := url.Parse(base); err == nil && u.Host != "" && u.Path == "" {
		base += "/v1"
	}
	return base + "/" + endpoint
}

// official reports whether the base URL is OpenAI's own API, which
// wants max_completion_tokens where compatible servers read max_tokens.
func official(base string) bool {
	if base == "" {
		return true
	}
	u, err := url.Parse(base)
	return err == nil && u.Hostname() == "api.openai.com"
}

// post sends one streaming request of either API to path under the base
// URL; fallback names the provider in messages when the request does not.
func post(ctx context.Context, req *provider.Request, fallback, path string, body []byte, dec wire.Decoder) (provider.Stream, error) {
	return wire.Open(ctx, wire.Call{
		Provider:         providerName(req, fallback),
		Client:           req.HTTPClient,
		URL:              EndpointURL(req.BaseURL, path),
		Header:           headers(req),
		Body:             body,
		APIKey:           req.APIKey,
		IdleTimeout:      req.IdleTimeout,
		RequestTimeout:   req.RequestTimeout,
		MaxResponseBytes: req.MaxResponseBytes,
	}, dec)
}

func headers(req *provider.Request) http.Header {
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("Accept", "text/event-stream")
	if req.APIKey != "" {
		h.Set("Authorization", "Bearer "+req.APIKey)
	}
	for k, v := range req.Headers {
		h.Set(k, v)
	}
	return h
}

func providerName(req *provider.Request, fallback string) string {
	if req.Provider != "" {
		return req.Provider
	}
	return fallback
}

// dataURL is an image block as the APIs take it inline.
func dataURL(mediaType, data string) string {
	return "data:" + mediaType + ";base64," + data
}
