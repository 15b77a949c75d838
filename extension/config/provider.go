package config

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"panto/diag"
)

// Provider is one [providers.<name>] table.
type Provider struct {
	// Protocol is the wire protocol: a built-in one or the name of a
	// protocol registered by an extension (register_protocol).
	Protocol string `toml:"protocol"`
	// Label is a human name for pickers.
	Label string `toml:"label"`
	// BaseURL is the endpoint the protocol talks to ("" is the built-in
	// protocol's default).
	BaseURL string `toml:"base_url"`
	// APIKeyEnv names the environment variable holding the credential
	// ("" is the built-in protocol's default variable). The credential
	// itself never reaches Lua.
	APIKeyEnv string `toml:"api_key_env"`
	// Models maps the aliases extensions use ("fast") to upstream model
	// ids ("vendor-model-2025-01-01"). In the file a model is either
	// `alias = "id"` or a table `alias = { id = "...", context_window =
	// N, max_tokens = N }`; the table's other settings are in
	// ModelOptions.
	Models map[string]string `toml:"-"`
	// ModelOptions holds the per-model settings of the table form, by
	// alias.
	ModelOptions map[string]ModelOptions `toml:"-"`
	// Reasoning lists the reasoning labels the provider accepts; empty
	// means any (or the effort levels of an extension protocol).
	Reasoning []string `toml:"reasoning"`
	// Headers are extra HTTP headers for every request (a gateway's
	// routing header, an API's beta flag).
	Headers map[string]string `toml:"headers"`
	// MaxTokens bounds each response, for every model of the provider
	// that does not set its own (0: the protocol's default).
	MaxTokens int `toml:"max_tokens"`
	// ContextWindow is the models' context window in tokens, when a
	// model does not set its own (0: the protocol's default for the
	// model id, if it knows one); compaction starts when a request nears
	// it.
	ContextWindow int64 `toml:"context_window"`
	// IdleTimeout is how long a response may stall before the turn fails
	// with a transport error: "90s", "5m", or a number of seconds (0: the
	// default, 5 minutes).
	IdleTimeout time.Duration `toml:"-"`
	// RequestTimeout bounds a whole request, from sending it to the end
	// of its response, in the same forms (0: the default, 30 minutes).
	RequestTimeout time.Duration `toml:"-"`
	// MaxResponseBytes bounds a response's size in bytes as it arrives
	// (0: the default, 256 MiB).
	MaxResponseBytes int64 `toml:"max_response_bytes"`
	// Script is the turns file of the built-in script protocol (a JSON
	// Lines file of scripted model responses), relative to Dir.
	Script string `toml:"script"`
	// MaxRequests bounds the model requests of one turn (0: the session's
	// default), which is what stops a model that calls tools forever.
	MaxRequests int `toml:"max_requests"`
	// Dir is the layer folder of the file that defined the provider.
	Dir string `toml:"-"`
	// AllowProjectOverride, set in the user's own config, lets a
	// project's config change this provider's protocol, base_url,
	// headers and api_key_env (see Merge).
	AllowProjectOverride bool `toml:"allow_project_override"`
	// FromProject marks a provider defined by a project that the user
	// has not allowed to use their keys: it has no api_key_env, and the
	// built-in protocols give it the protocol's default key only when it
	// talks to the protocol's own service.
	FromProject bool `toml:"-"`
	// Detected marks a provider panto found on its own (a local server
	// answering on its default port): the user configured no endpoint
	// for it, so no key from the environment is ever sent to it.
	Detected bool `toml:"-"`
	// Catalog marks a provider of panto's built-in catalogue (possibly
	// extended by the user's tables): its models' limits and prices come
	// from the catalogue by provider name.
	Catalog bool `toml:"-"`
	// Origin is where the provider was defined: the path of the config
	// file, or a built-in layer's name (File.Path). ModelOrigins names
	// the origin of models that came from another layer than Origin
	// (a user's model added to a catalogue provider).
	Origin       string            `toml:"-"`
	ModelOrigins map[string]string `toml:"-"`
}

// ModelOrigin is where model alias was defined.
func (p Provider) ModelOrigin(alias string) string {
	if o, ok := p.ModelOrigins[alias]; ok {
		return o
	}
	return p.Origin
}

// ModelOptions are one model's own settings.
type ModelOptions struct {
	ContextWindow int64 `toml:"context_window"`
	MaxTokens     int   `toml:"max_tokens"`
}

// ModelMaxTokens is the response bound for a model alias: its own, else
// the provider's (0 when neither is set).
func (p Provider) ModelMaxTokens(alias string) int {
	if o, ok := p.ModelOptions[alias]; ok && o.MaxTokens > 0 {
		return o.MaxTokens
	}
	return p.MaxTokens
}

// ModelContextWindow is the window for a model alias: its own, else the
// provider's (0 when neither is set).
func (p Provider) ModelContextWindow(alias string) int64 {
	if o, ok := p.ModelOptions[alias]; ok && o.ContextWindow > 0 {
		return o.ContextWindow
	}
	return p.ContextWindow
}

// providerTOML is how a provider table is decoded: the models and the
// idle timeout each take two forms, so they are decoded in a second
// step (which keeps unknown keys inside model tables reported).
type providerTOML struct {
	Provider
	Models         map[string]toml.Primitive `toml:"models"`
	IdleTimeout    toml.Primitive            `toml:"idle_timeout"`
	RequestTimeout toml.Primitive            `toml:"request_timeout"`
}

// modelTOML is the table form of a model.
type modelTOML struct {
	ID string `toml:"id"`
	ModelOptions
}

// provider finishes decoding one provider table, reporting values that
// parse as TOML but are not what the key takes.
func (pt providerTOML) provider(md toml.MetaData, name string, warn func(key []string, format string, a ...any)) Provider {
	p := pt.Provider
	key := func(k ...string) []string { return append([]string{"providers", name}, k...) }
	if md.IsDefined(key("models")...) {
		if typ := md.Type(key("models")...); typ != "Hash" && typ != "Inline Table" {
			warn(key("models"), "models is a table of aliases ({ alias = \"upstream-id\" }), not %s", withArticle(strings.ToLower(typ)))
		}
	}
	if len(pt.Models) > 0 {
		p.Models = map[string]string{}
	}
	for _, alias := range sortedKeys(pt.Models) {
		prim := pt.Models[alias]
		k := key("models", alias)
		switch md.Type(k...) {
		case "String":
			var id string
			md.PrimitiveDecode(prim, &id)
			p.Models[alias] = id
		case "Hash", "Inline Table":
			var m modelTOML
			if err := md.PrimitiveDecode(prim, &m); err != nil {
				warn(k, "%s", strings.TrimPrefix(err.Error(), "toml: "))
				continue
			}
			if m.ID == "" {
				warn(k, "a model table needs an id")
				continue
			}
			if m.ContextWindow < 0 || m.MaxTokens < 0 {
				warn(k, "context_window and max_tokens cannot be negative")
				m.ContextWindow, m.MaxTokens = max(m.ContextWindow, 0), max(m.MaxTokens, 0)
			}
			p.Models[alias] = m.ID
			if m.ContextWindow > 0 || m.MaxTokens > 0 {
				if p.ModelOptions == nil {
					p.ModelOptions = map[string]ModelOptions{}
				}
				p.ModelOptions[alias] = m.ModelOptions
			}
		default:
			warn(k, "a model is an upstream id (\"id\") or a table ({ id = \"...\", context_window = N, max_tokens = N })")
		}
	}
	if md.IsDefined(key("idle_timeout")...) {
		d, err := duration(md, "idle_timeout", pt.IdleTimeout, md.Type(key("idle_timeout")...))
		if err != nil {
			warn(key("idle_timeout"), "%v", err)
		}
		p.IdleTimeout = d
	}
	if md.IsDefined(key("request_timeout")...) {
		d, err := duration(md, "request_timeout", pt.RequestTimeout, md.Type(key("request_timeout")...))
		if err != nil {
			warn(key("request_timeout"), "%v", err)
		}
		p.RequestTimeout = d
	}
	if p.MaxResponseBytes < 0 {
		warn(key("max_response_bytes"), "cannot be negative")
		p.MaxResponseBytes = 0
	}
	if p.MaxTokens < 0 {
		warn(key("max_tokens"), "cannot be negative")
		p.MaxTokens = 0
	}
	if p.ContextWindow < 0 {
		warn(key("context_window"), "cannot be negative")
		p.ContextWindow = 0
	}
	if p.MaxRequests < 0 {
		warn(key("max_requests"), "cannot be negative")
		p.MaxRequests = 0
	}
	if p.Protocol != "" && !slices.Contains(BuiltinProtocols, p.Protocol) {
		// An extension may register any name, so only a near miss of
		// a built-in name is reported: "opneai" is a typo, "acme" is
		// an extension's protocol.
		if s := diag.Suggest(p.Protocol, BuiltinProtocols); s != "" {
			warn(key("protocol"), "%q is not a built-in protocol; did you mean %q? (unless an extension registers %q)", p.Protocol, s, p.Protocol)
		}
	}
	return p
}

// BuiltinProtocols are the protocol names panto answers without an
// extension: agent/provider/builtin's names and aliases, and "script".
// A test in agent/provider/builtin keeps the list equal to its table
// (this package cannot import it).
var BuiltinProtocols = []string{"anthropic-messages", "openai-completions", "openai-responses", "anthropic", "openai", "script"}

// duration reads the timeout name as "90s" or a number of seconds.
func duration(md toml.MetaData, name string, prim toml.Primitive, typ string) (time.Duration, error) {
	switch typ {
	case "String":
		var s string
		md.PrimitiveDecode(prim, &s)
		d, err := time.ParseDuration(s)
		if err != nil || d < 0 {
			return 0, fmt.Errorf("%s %q is not a duration (\"90s\", \"5m\")", name, s)
		}
		return d, nil
	case "Integer", "Float":
		var f float64
		md.PrimitiveDecode(prim, &f)
		if f < 0 || f > 1e9 {
			return 0, fmt.Errorf("%s %v is out of range", name, f)
		}
		return time.Duration(f * float64(time.Second)), nil
	}
	return 0, fmt.Errorf("%s is a duration (\"90s\") or a number of seconds", name)
}

// withArticle puts "a" or "an" before a TOML kind's name, so a warning
// reads "not an integer" and "not a string".
func withArticle(kind string) string {
	if kind != "" && strings.ContainsRune("aeiou", rune(kind[0])) {
		return "an " + kind
	}
	return "a " + kind
}
