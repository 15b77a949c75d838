package main

import (
	"context"
	"os"

	"panto/agent/provider/builtin"
	"panto/diag"
	"panto/extension/discover"
)

// addBuiltinLayers puts below the setup's files what panto knows without
// them: the model catalogue (every built-in provider, the default model
// of the first one whose key is set, ANTHROPIC_BASE_URL and the like)
// and the local model servers that answer on their default ports
// (PANTO_LOCAL_SERVERS changes which, or turns the probe off). The
// user's and the project's config.toml extend and override both
// (docs/providers.md, "Built-in providers").
func addBuiltinLayers(s *discover.Setup) {
	cat, err := builtin.LoadCatalog()
	if err != nil {
		// The embedded file is checked by the builtin package's tests;
		// reaching this is a build from an edited catalogue.
		s.Warn(diag.Diagnostic{File: builtin.CatalogPath, Severity: diag.Warning, Message: err.Error()})
	} else {
		s.Builtin = append(s.Builtin, cat.Layer(os.Getenv))
	}
	servers, err := builtin.LocalServers(os.Getenv)
	if err != nil {
		s.Warn(diag.Diagnostic{Severity: diag.Warning, Message: err.Error()})
		return
	}
	within := builtin.ProbeTimeout
	if os.Getenv(builtin.LocalServersEnv) != "" {
		within = builtin.ExplicitProbeTimeout
	}
	if f := builtin.DetectWithin(context.Background(), servers, within); f != nil {
		s.Builtin = append(s.Builtin, f)
	}
}
