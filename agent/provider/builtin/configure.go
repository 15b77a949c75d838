package builtin

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"panto/agent/provider"
	"panto/extension/config"
)

// Target is a configured model of a built-in protocol, ready to be
// asked.
type Target struct {
	Spec Spec
	// Provider is the [providers.<name>] name; Alias and Model the
	// model's alias and upstream id.
	Provider, Alias, Model string
	BaseURL                string // the configured one, else the protocol's
	APIKey                 string // "" for a local server without a key
	Headers                map[string]string
	// MaxTokens is the configured response bound (0: the protocol's
	// default); ContextWindow the model's window in tokens (the
	// configured one, else DefaultContextWindow; 0 when unknown).
	MaxTokens     int
	ContextWindow int64
	IdleTimeout   time.Duration // 0: provider.DefaultIdleTimeout
	// RequestTimeout and MaxResponseBytes bound a whole request (0: the
	// provider package's defaults).
	RequestTimeout   time.Duration
	MaxResponseBytes int64
}

// Configure resolves provider name (configured as p) and one of its
// models, given by alias or upstream id, into a Target: the protocol,
// the endpoint, the key (see Credentials) and the limits. It fails when
// the protocol is not built in, the model is not configured, or a
// required key is missing.
func Configure(name string, p config.Provider, model string, getenv func(string) string) (*Target, error) {
	spec, ok := Lookup(p.Protocol)
	if !ok {
		return nil, fmt.Errorf("provider %q: protocol %q is not built in (built-in: %s); an extension must register it", name, p.Protocol, strings.Join(Names(), ", "))
	}
	alias, id, err := resolve(name, p, model)
	if err != nil {
		return nil, err
	}
	key, err := Credentials(name, p, getenv)
	if err != nil {
		return nil, err
	}
	t := &Target{
		Spec: spec, Provider: name, Alias: alias, Model: id,
		BaseURL: p.BaseURL, APIKey: key, Headers: p.Headers,
		MaxTokens: p.ModelMaxTokens(alias), ContextWindow: p.ModelContextWindow(alias),
		IdleTimeout: p.IdleTimeout, RequestTimeout: p.RequestTimeout, MaxResponseBytes: p.MaxResponseBytes,
	}
	if t.BaseURL == "" {
		t.BaseURL = spec.BaseURL
	}
	if t.ContextWindow == 0 {
		t.ContextWindow = DefaultContextWindow(id)
	}
	return t, nil
}

// resolve finds a model by alias, then by upstream id.
func resolve(name string, p config.Provider, model string) (alias, id string, err error) {
	if id, ok := p.Models[model]; ok {
		return model, id, nil
	}
	for a, id := range p.Models {
		if id == model {
			return a, id, nil
		}
	}
	aliases := make([]string, 0, len(p.Models))
	for a := range p.Models {
		aliases = append(aliases, a)
	}
	sort.Strings(aliases)
	hint := "it has no models: add models = { alias = \"upstream-id\" }"
	if len(aliases) > 0 {
		hint = "its models are " + strings.Join(aliases, ", ")
	}
	return "", "", fmt.Errorf("provider %q has no model %q (%s)", name, model, hint)
}

// Request is a request with the target's settings filled in; the caller
// adds the system prompt, messages, tools, effort and tool choice.
func (t *Target) Request() *provider.Request {
	headers := make(map[string]string, len(t.Headers))
	for k, v := range t.Headers {
		headers[k] = v
	}
	return &provider.Request{
		Protocol: t.Spec.Name, Provider: t.Provider, Model: t.Model,
		BaseURL: t.BaseURL, APIKey: t.APIKey, Headers: headers,
		MaxTokens: t.MaxTokens, IdleTimeout: t.IdleTimeout,
		RequestTimeout: t.RequestTimeout, MaxResponseBytes: t.MaxResponseBytes,
	}
}
