// Package anthropic is the built-in `anthropic-messages` protocol (alias
// `anthropic`): Anthropic's Messages API with streaming, spoken over
// net/http.
//
// One request is POST {base_url}/v1/messages with "stream": true; the
// answer is an SSE stream:
//
//	message_start           the message id, model and input usage
//	content_block_start     a text, thinking, redacted_thinking or tool_use block at index i
//	content_block_delta     text_delta | thinking_delta | signature_delta | input_json_delta
//	content_block_stop      block i is complete
//	message_delta           stop_reason and the final output usage
//	message_stop            the end
//	ping, error             keep-alive; a failure inside the stream
//
// request.go builds the body from a provider.Request (system prompt,
// messages with tool results paired with their calls, thinking blocks
// sent back with their signatures, tools, tool_choice, the thinking
// budget); decode.go turns the events into provider events; effort.go
// documents how effort labels become thinking budgets.
package anthropic

import (
	"context"
	"net/http"
	"strings"

	"panto/agent/provider"
	"panto/agent/provider/internal/wire"
)

// Names of the protocol: the canonical wire name and its alias.
const (
	Name  = "anthropic-messages"
	Alias = "anthropic"
)

// DefaultBaseURL is the API's endpoint; DefaultAPIKeyEnv holds its key.
const (
	DefaultBaseURL   = "https://api.anthropic.com"
	DefaultAPIKeyEnv = "ANTHROPIC_API_KEY"
)

// APIVersion is the anthropic-version header every request carries.
const APIVersion = "2023-06-01"

// Protocol implements provider.Protocol for the Messages API. The zero
// value is ready to use.
type Protocol struct{}

// Open sends req and returns its event stream.
func (Protocol) Open(ctx context.Context, req *provider.Request) (provider.Stream, error) {
	body, err := buildRequest(req)
	if err != nil {
		return nil, err
	}
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("Accept", "text/event-stream")
	h.Set("Anthropic-Version", APIVersion)
	if req.APIKey != "" {
		h.Set("X-Api-Key", req.APIKey)
	}
	for k, v := range req.Headers {
		h.Set(k, v)
	}
	return wire.Open(ctx, wire.Call{
		Provider:         providerName(req),
		Client:           req.HTTPClient,
		URL:              MessagesURL(req.BaseURL),
		Header:           h,
		Body:             body,
		APIKey:           req.APIKey,
		IdleTimeout:      req.IdleTimeout,
		RequestTimeout:   req.RequestTimeout,
		MaxResponseBytes: req.MaxResponseBytes,
	}, newDecoder())
}

// MessagesURL is the endpoint for a base URL: {base}/v1/messages, or
// {base}/messages when the base already ends in /v1 (as people often
// write it). An empty base is DefaultBaseURL.
func MessagesURL(base string) string {
	if base == "" {
		base = DefaultBaseURL
	}
	base = strings.TrimRight(base, "/")
	if strings.HasSuffix(base, "/v1") {
		return base + "/messages"
	}
	return base + "/v1/messages"
}

func providerName(req *provider.Request) string {
	if req.Provider != "" {
		return req.Provider
	}
	return Alias
}
