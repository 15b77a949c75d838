package host

import (
	"fmt"
	"sort"
	"strings"

	"panto/extension/config"
)

// Model references are "provider:alias", where the aliases are the keys
// of [providers.<name>.models] (an upstream model id is accepted in place
// of its alias). A bare alias resolves when exactly one provider has it.
// The Lua side (panto.models, resolve_model) is mod_models.go.

// ModelRef is a resolved model reference.
type ModelRef struct {
	Provider, Alias, ID string
	Config              config.Provider
}

// Reference is the canonical "provider:alias" form.
func (r ModelRef) Reference() string { return r.Provider + ":" + r.Alias }

// ResolveModel resolves a model reference against the configuration.
func (h *Host) ResolveModel(ref string) (ModelRef, error) {
	if ref == "" {
		return ModelRef{}, fmt.Errorf("empty model reference")
	}
	provs := h.cfg.Providers
	if pname, alias, ok := strings.Cut(ref, ":"); ok {
		p, found := provs[pname]
		if !found {
			return ModelRef{}, fmt.Errorf("unknown provider '%s' in model reference '%s'%s", pname, ref, hintNames(provs))
		}
		if id, ok := p.Models[alias]; ok {
			return ModelRef{Provider: pname, Alias: alias, ID: id, Config: p}, nil
		}
		for a, id := range p.Models {
			if id == alias {
				return ModelRef{Provider: pname, Alias: a, ID: id, Config: p}, nil
			}
		}
		return ModelRef{}, fmt.Errorf("provider '%s' has no model '%s'%s", pname, alias, hintNames(p.Models))
	}
	var found []ModelRef
	for _, pname := range sortedKeys(provs) {
		p := provs[pname]
		if id, ok := p.Models[ref]; ok {
			found = append(found, ModelRef{Provider: pname, Alias: ref, ID: id, Config: p})
		}
	}
	if len(found) > 1 {
		// A model of the user's files beats the built-in catalogue's of
		// the same alias: "sonnet" is the user's claude:sonnet, not also
		// anthropic:sonnet and openrouter:sonnet.
		var own []ModelRef
		for _, r := range found {
			if !h.cfg.IsBuiltin(r.Config.ModelOrigin(r.Alias)) {
				own = append(own, r)
			}
		}
		if len(own) == 1 {
			return own[0], nil
		}
	}
	switch len(found) {
	case 0:
		return ModelRef{}, fmt.Errorf("no configured provider has a model '%s' (use \"provider:alias\")", ref)
	case 1:
		return found[0], nil
	}
	return ModelRef{}, fmt.Errorf("model '%s' is ambiguous: %s and %s both have it (use \"provider:alias\")", ref, found[0].Reference(), found[1].Reference())
}

func hintNames[V any](m map[string]V) string {
	if len(m) == 0 {
		return " (none are configured)"
	}
	return " (configured: " + strings.Join(sortedKeys(m), ", ") + ")"
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ModelConfig is the opaque value resolve_model returns: what a future
// panto.agent needs to run turns. The credential is not in it, only where
// the host finds it.
type ModelConfig struct {
	Ref        ModelRef
	Reasoning  string
	ToolChoice string // "auto", "none", "required" or "tool:<name>"
}
