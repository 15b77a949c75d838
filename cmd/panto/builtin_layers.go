package main

import (
	"context"
	"fmt"
	"os"
	"time"

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
	explicit := os.Getenv(builtin.LocalServersEnv) != ""
	if explicit {
		within = builtin.ExplicitProbeTimeout
	}
	f, missed := builtin.Probe(context.Background(), servers, within)
	if f != nil {
		s.Builtin = append(s.Builtin, f)
	}
	if explicit {
		// A server the user named and that is down (or still loading
		// its model) is worth a line; the default ports are a guess,
		// and most machines run neither server.
		for _, m := range missed {
			s.Warn(diag.Diagnostic{Severity: diag.Warning, Message: localServerMissing(m, within)})
		}
	}
}

// localServerMissing says which named local server gave no model list.
func localServerMissing(m builtin.LocalServer, within time.Duration) string {
	return fmt.Sprintf("%s: %s at %s gave no model list within %s (is it running, with a model loaded?); provider '%s' is left out",
		builtin.LocalServersEnv, m.Name, m.URL, within, m.Name)
}
