// Package builtin is the table of panto's built-in model protocols and
// the one place that turns a configured provider into a ready request:
// which protocol a [providers.<name>] table names, its default base URL
// and key variable, the key itself, and the per-model limits.
//
// The session's turn loop uses it like this:
//
//	ref, _ := host.ResolveModel("work:sonnet")            // provider, alias, config
//	t, err := builtin.Configure(ref.Provider, ref.Config, ref.Alias, os.Getenv)
//	if err != nil { ... }                                 // unknown protocol, missing key
//	req := t.Request()                                     // Protocol, Provider, Model, BaseURL, APIKey, ...
//	req.System, req.Messages, req.Tools = ...
//	stream, err := t.Spec.Protocol.Open(ctx, req)
//
// A provider whose protocol is not built in is an extension protocol
// (register_protocol): Lookup reports false and the host routes it.
package builtin

import (
	"strings"

	"panto/agent/provider"
	"panto/agent/provider/anthropic"
	"panto/agent/provider/openai"
)

// Spec describes one built-in protocol.
type Spec struct {
	// Name is the canonical wire name ("anthropic-messages"); a session
	// records it as the assistant message's API.
	Name string
	// Aliases are the other names a configuration may use ("anthropic").
	Aliases []string
	// Protocol opens requests.
	Protocol provider.Protocol
	// BaseURL is used when the provider sets none.
	BaseURL string
	// APIKeyEnv is the variable read when the provider names none.
	APIKeyEnv string
	// EffortLevels are the reasoning labels the protocol maps (see each
	// protocol's effort.go and docs/providers.md), for resolve_model's
	// check when the provider lists no reasoning labels.
	EffortLevels []string
}

// specs are the built-in providers. A function rather than a package
// variable: the entries copy the protocols' effort labels, variables of
// other packages, which the compiler cannot lay out statically, so the
// variable gave the package an init function that every process ran
// (docs/benchmarks.md, "Start-up and memory, sixth pass").
func specs() []Spec {
	return []Spec{
		{
			Name: anthropic.Name, Aliases: []string{anthropic.Alias}, Protocol: anthropic.Protocol{},
			BaseURL: anthropic.DefaultBaseURL, APIKeyEnv: anthropic.DefaultAPIKeyEnv, EffortLevels: anthropic.EffortLevels,
		},
		{
			Name: openai.CompletionsName, Aliases: []string{openai.CompletionsAlias}, Protocol: openai.Completions{},
			BaseURL: openai.DefaultBaseURL, APIKeyEnv: openai.DefaultAPIKeyEnv, EffortLevels: openai.EffortLevels,
		},
		{
			Name: openai.ResponsesName, Protocol: openai.Responses{},
			BaseURL: openai.DefaultBaseURL, APIKeyEnv: openai.DefaultAPIKeyEnv, EffortLevels: openai.EffortLevels,
		},
	}
}

// Lookup finds a built-in protocol by its name or an alias (case
// matters: protocol names are identifiers).
func Lookup(name string) (Spec, bool) {
	for _, s := range specs() {
		if s.Name == name {
			return s, true
		}
		for _, a := range s.Aliases {
			if a == name {
				return s, true
			}
		}
	}
	return Spec{}, false
}

// Specs lists the built-in protocols in a stable order.
func Specs() []Spec { return specs() }

// Names lists every name Lookup accepts, canonical names first.
func Names() []string {
	var names, aliases []string
	for _, s := range specs() {
		names = append(names, s.Name)
		aliases = append(aliases, s.Aliases...)
	}
	return append(names, aliases...)
}

// isDefaultBase reports whether base is the protocol's own endpoint (or
// unset, which means it).
func (s Spec) isDefaultBase(base string) bool {
	return base == "" || strings.TrimRight(base, "/") == strings.TrimRight(s.BaseURL, "/")
}

// Protocol finds a built-in protocol by name or alias: the shape of
// agent.Protocols, so a session can be given builtin.Protocol as is.
func Protocol(name string) (provider.Protocol, bool) {
	s, ok := Lookup(name)
	return s.Protocol, ok
}
