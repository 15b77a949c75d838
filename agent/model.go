package agent

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"panto/agent/provider"
	"panto/agent/provider/builtin"
	"panto/agent/provider/script"
	"panto/diag"
	"panto/extension/config"
	"panto/host"
)

// Model is a model reference resolved against the configuration: the
// provider and model, the reasoning label and tool choice to use.
type Model struct {
	host.ModelRef
	Reasoning  string
	ToolChoice provider.ToolChoice
}

// Reference is "provider:alias".
func (m *Model) Reference() string { return m.ModelRef.Reference() }

// ContextWindow is the model's window in tokens: the configured one
// (the model's own, else the provider's), else what panto knows of the
// model id; 0 when unknown (then only an overflow compacts).
func (m *Model) ContextWindow() int64 {
	if w := m.Config.ModelContextWindow(m.Alias); w > 0 {
		return w
	}
	return builtin.DefaultContextWindow(m.ID)
}

// API is the protocol's canonical name, recorded on assistant messages
// ("anthropic-messages" for a provider configured as "anthropic").
func (m *Model) API() string {
	if spec, ok := builtin.Lookup(m.Config.Protocol); ok {
		return spec.Name
	}
	return m.Config.Protocol
}

// target is a built-in protocol's configured request base: endpoint,
// key, headers, limits (nil for other protocols). A missing key is an
// error naming the variable to set.
func (s *Session) target(m *Model) (*builtin.Target, error) {
	if _, ok := builtin.Lookup(m.Config.Protocol); !ok {
		return nil, nil
	}
	getenv := s.opts.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	return builtin.Configure(m.Provider, m.Config, m.Alias, getenv)
}

// Protocols finds a built-in protocol by its configured name ("anthropic",
// "openai-completions", ...). The session asks it for every protocol
// name that is neither "script" nor registered by an extension.
type Protocols func(name string) (provider.Protocol, bool)

// protocols caches the protocol instances of a session: a script keeps
// its place across requests, a built-in protocol its connection pool.
type protocols struct {
	mu      sync.Mutex
	scripts map[string]*script.Protocol
	builtin Protocols
}

// noModel is the error of a session with no model to use: what to
// configure, and the models there are when there is more than one
// (config.Merge makes a single one the default).
// userConfig is the user's config.toml as the host names it ("" when
// there is none), so the message points at the file that is read.
func noModel(cfg *config.Merged, userConfig string) error {
	refs := cfg.ConfiguredRefs()
	if len(refs) == 0 {
		where := "the project's .panto/config.toml"
		if userConfig != "" {
			where = userConfig + " (or " + where + ")"
		}
		return errors.New("no model is configured: set the API key of a built-in provider (" + strings.Join(catalogKeys(), ", ") +
			"), start a local Ollama or llama.cpp server, or add a provider and its models to " + where +
			" as docs/providers.md shows; or pass --model provider:alias")
	}
	if len(refs) > 8 {
		refs = append(refs[:8], "...")
	}
	return fmt.Errorf("no default model: set [models] default = \"provider:alias\" in config.toml or pass --model (configured: %s)", strings.Join(refs, ", "))
}

// catalogKeys are the built-in providers' key variables, in the order
// they are preferred for the default model.
func catalogKeys() []string {
	cat, err := builtin.LoadCatalog()
	if err != nil {
		return []string{"ANTHROPIC_API_KEY", "OPENAI_API_KEY"}
	}
	var keys []string
	for _, name := range cat.Preference {
		keys = append(keys, cat.Providers[name].APIKeyEnv)
	}
	return keys
}

// resolveModel resolves ref (the configured default when empty) and a
// reasoning label (the configured default when empty).
func resolveModel(h *host.Host, ref, reasoning string) (*Model, error) {
	cfg := h.Config()
	if ref == "" {
		ref = cfg.Models.Default
	}
	if ref == "" {
		return nil, noModel(cfg, h.UserConfigPath())
	}
	r, err := h.ResolveModel(ref)
	if err != nil {
		return nil, err
	}
	if reasoning == "" {
		reasoning = cfg.Models.Reasoning
	}
	m := &Model{ModelRef: r, Reasoning: reasoning}
	if reasoning != "" {
		if allowed := reasoningLabels(h, r); len(allowed) > 0 && !contains(allowed, reasoning) {
			return nil, fmt.Errorf("model '%s' does not accept reasoning '%s' (accepted: %s)", r.Reference(), reasoning, strings.Join(allowed, ", "))
		}
	}
	return m, nil
}

// reasoningLabels mirrors resolve_model's check: the provider's list,
// else the effort levels of the extension protocol it routes to.
func reasoningLabels(h *host.Host, r host.ModelRef) []string {
	if len(r.Config.Reasoning) > 0 {
		return r.Config.Reasoning
	}
	for _, p := range h.Protocols() {
		if p.Name == r.Config.Protocol {
			var labels []string
			for _, e := range p.EffortLevels {
				labels = append(labels, e.Label)
			}
			return labels
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// open starts a model request through the protocol the provider names:
// an extension's registered protocol, the script protocol, or a built-in
// one.
func (s *Session) open(ctx context.Context, req *provider.Request, tools []*host.Tool) (modelStream, error) {
	name := req.Protocol
	var lua *host.Protocol
	var st *host.State
	err := s.owner.do(ctx, func() {
		st = s.host.State()
		for _, p := range s.host.Protocols() {
			if p.Name == name {
				lua = p
			}
		}
	})
	if err != nil {
		return nil, err
	}
	if lua != nil {
		if req.Transcript == "" && req.TranscriptFunc != nil {
			req.Transcript = req.TranscriptFunc()
		}
		s.noteContext(lua.Name, req.ContextKey)
		return openLua(ctx, s.owner, st, lua, req, tools)
	}
	p, err := s.protocol(req)
	if err != nil {
		return nil, err
	}
	gs, err := p.Open(ctx, req)
	if err != nil {
		return nil, err
	}
	return &goStream{s: gs}, nil
}

// protocol returns the Go protocol for a request.
func (s *Session) protocol(req *provider.Request) (provider.Protocol, error) {
	cfg := s.providerConfig(req.Provider)
	if req.Protocol == "script" {
		path := cfg.Script
		if path == "" {
			return nil, &provider.Error{Kind: provider.InvalidRequest, Provider: req.Provider,
				Message: "the script protocol needs script = \"turns.jsonl\" in [providers." + req.Provider + "]"}
		}
		if !filepath.IsAbs(path) && cfg.Dir != "" {
			path = filepath.Join(cfg.Dir, path)
		}
		s.protos.mu.Lock()
		defer s.protos.mu.Unlock()
		if p := s.protos.scripts[path]; p != nil {
			return p, nil
		}
		p, err := script.Load(path)
		if err != nil {
			return nil, &provider.Error{Kind: provider.InvalidRequest, Provider: req.Provider, Message: err.Error()}
		}
		if s.protos.scripts == nil {
			s.protos.scripts = map[string]*script.Protocol{}
		}
		s.protos.scripts[path] = p
		return p, nil
	}
	if s.protos.builtin != nil {
		if p, ok := s.protos.builtin(req.Protocol); ok {
			return p, nil
		}
	}
	msg := fmt.Sprintf("unknown protocol '%s' (not built in, and no extension registered it)", req.Protocol)
	if sug := diag.Suggest(req.Protocol, append(builtin.Names(), "script")); sug != "" {
		msg += fmt.Sprintf("; did you mean '%s'?", sug)
	}
	return nil, &provider.Error{Kind: provider.InvalidRequest, Provider: req.Provider, Message: msg}
}

// KeyError reports why provider name cannot be used for lack of its API
// key (the error names the variable to set), or nil when it has its key
// or needs none: the model picker marks such models instead of letting
// the next prompt fail.
func (s *Session) KeyError(name string) error {
	p, ok := s.host.Config().Providers[name]
	if !ok {
		return nil
	}
	if _, ok := builtin.Lookup(p.Protocol); !ok {
		return nil
	}
	getenv := s.opts.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	_, err := builtin.Credentials(name, p, getenv)
	return err
}
