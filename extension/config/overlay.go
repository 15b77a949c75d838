package config

import "maps"

// overlay is the provider a file's table makes of a built-in one of the
// same name (File.Builtin): what the table sets replaces the built-in
// value, what it leaves out keeps it, and its models join the built-in
// ones (its own alias wins). So `[providers.anthropic] models = { mine =
// "..." }` adds a model to the catalogue's Anthropic instead of hiding
// the catalogue's models, and a table that sets base_url moves the
// provider where the user said.
func overlay(base, top Provider) Provider {
	p := top
	pick := func(dst *string, v string) {
		if *dst == "" {
			*dst = v
		}
	}
	pick(&p.Protocol, base.Protocol)
	pick(&p.Label, base.Label)
	pick(&p.BaseURL, base.BaseURL)
	pick(&p.APIKeyEnv, base.APIKeyEnv)
	pick(&p.Script, base.Script)
	if len(p.Reasoning) == 0 {
		p.Reasoning = base.Reasoning
	}
	if len(p.Headers) == 0 {
		p.Headers = base.Headers
	}
	if p.MaxTokens == 0 {
		p.MaxTokens = base.MaxTokens
	}
	if p.ContextWindow == 0 {
		p.ContextWindow = base.ContextWindow
	}
	if p.IdleTimeout == 0 {
		p.IdleTimeout = base.IdleTimeout
	}
	if p.RequestTimeout == 0 {
		p.RequestTimeout = base.RequestTimeout
	}
	if p.MaxResponseBytes == 0 {
		p.MaxResponseBytes = base.MaxResponseBytes
	}
	if p.MaxRequests == 0 {
		p.MaxRequests = base.MaxRequests
	}
	// A detected server stays keyless unless the table says where the
	// server is: then the user configured the endpoint.
	p.Detected = base.Detected && top.BaseURL == ""
	p.Catalog = base.Catalog
	p.AllowProjectOverride = top.AllowProjectOverride || base.AllowProjectOverride

	p.Models = make(map[string]string, len(base.Models)+len(top.Models))
	p.ModelOrigins = map[string]string{}
	for a, id := range base.Models {
		p.Models[a] = id
		p.ModelOrigins[a] = base.ModelOrigin(a)
	}
	for a, id := range top.Models {
		p.Models[a] = id
		p.ModelOrigins[a] = top.Origin
	}
	if len(base.ModelOptions)+len(top.ModelOptions) > 0 {
		p.ModelOptions = maps.Clone(base.ModelOptions)
		if p.ModelOptions == nil {
			p.ModelOptions = map[string]ModelOptions{}
		}
		for a := range top.Models {
			delete(p.ModelOptions, a) // the table's model replaces the built-in one whole
		}
		maps.Copy(p.ModelOptions, top.ModelOptions)
	}
	p.Origin = base.Origin
	return p
}
