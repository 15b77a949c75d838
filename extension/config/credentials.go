package config

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"panto/diag"
)

// Trust is the [trust] table. It is read from the user's own
// configuration only: a project's [trust] table is ignored, since a
// project cannot vouch for itself.
type Trust struct {
	// ProjectProviders lists project folders ("~/" is the home folder;
	// compared after resolving symlinks) whose configuration may change
	// the endpoint, headers, key variable and protocol of the providers
	// the user defined, and may give providers of their own a key from
	// the environment.
	ProjectProviders []string `toml:"project_providers"`
}

// credentialFields are a provider's settings that decide where its key
// goes and which key it is: a project may not change them on a provider
// the user defined.
var credentialFields = []string{"protocol", "base_url", "headers", "api_key_env"}

// providerGuard applies, during Merge, the rule that credentials stay
// where the user put them. A project file (File.Project) without the
// user's allowance cannot change the credential fields of a provider
// that a file of the user's (or a run's own layer) defined: its table
// replaces the rest but those fields keep the user's values, with a
// warning. A provider the project defines itself gets no key variable
// (api_key_env is dropped with a warning) and is marked FromProject, so
// the built-in protocols read it only the protocol's default key, and
// only for the protocol's own service URL, where the key was meant to
// go anyway.
type providerGuard struct {
	allowed    []string        // [trust] project_providers of the user's files
	fromUser   map[string]bool // provider names last defined by a non-project file
	allowCache map[string]bool // project root -> allowed
	builtin    map[string]bool // paths of the Builtin layers seen so far
}

func newProviderGuard(files []*File) *providerGuard {
	g := &providerGuard{fromUser: map[string]bool{}, allowCache: map[string]bool{}, builtin: map[string]bool{}}
	for _, f := range files {
		if f != nil && !f.Project {
			g.allowed = append(g.allowed, f.Trust.ProjectProviders...)
		}
	}
	return g
}

// add puts provider p of file f into providers.
func (g *providerGuard) add(providers map[string]Provider, f *File, name string, p Provider, warn func(diag.Diagnostic)) {
	prev, had := providers[name]
	if had && prev.Origin != "" && g.builtin[prev.Origin] && !f.Builtin {
		// A built-in provider is a default the user's table extends.
		p = overlay(prev, p)
	}
	if f.Builtin {
		g.builtin[f.Path] = true
	}
	if !f.Project {
		providers[name] = p
		g.fromUser[name] = true
		return
	}
	switch {
	case g.projectAllowed(f.Root):
	case had && g.fromUser[name] && prev.AllowProjectOverride:
	case had && g.fromUser[name]:
		if changed := credentialChanges(prev, p); len(changed) > 0 {
			warn(diag.Diagnostic{File: f.Path, Severity: diag.Warning, Message: fmt.Sprintf(
				"providers.%s: %s ignored: a project cannot change where your provider sends your key (to allow it, add [trust] project_providers = [%q] to your own config.toml, or allow_project_override = true to your [providers.%s])",
				name, strings.Join(changed, ", "), f.Root, name)})
		}
		p.Protocol, p.BaseURL, p.Headers, p.APIKeyEnv = prev.Protocol, prev.BaseURL, prev.Headers, prev.APIKeyEnv
		p.Detected = prev.Detected
		p.AllowProjectOverride = prev.AllowProjectOverride
		providers[name] = p
		return // still the user's provider, credentials and all
	default:
		if p.APIKeyEnv != "" {
			warn(diag.Diagnostic{File: f.Path, Severity: diag.Warning, Message: fmt.Sprintf(
				"providers.%s: api_key_env = %q ignored: a project's own provider gets no key from your environment (to allow it, add [trust] project_providers = [%q] to your own config.toml)",
				name, p.APIKeyEnv, f.Root)})
			p.APIKeyEnv = ""
		}
		p.FromProject = true
	}
	providers[name] = p
	g.fromUser[name] = false
}

// credentialChanges names the credential fields next sets, and sets
// differently from prev (a field next leaves out keeps prev's value
// quietly).
func credentialChanges(prev, next Provider) []string {
	var changed []string
	if next.Protocol != "" && next.Protocol != prev.Protocol {
		changed = append(changed, "protocol")
	}
	if next.BaseURL != "" && next.BaseURL != prev.BaseURL {
		changed = append(changed, "base_url")
	}
	if len(next.Headers) > 0 && !maps.Equal(next.Headers, prev.Headers) {
		changed = append(changed, "headers")
	}
	if next.APIKeyEnv != "" && next.APIKeyEnv != prev.APIKeyEnv {
		changed = append(changed, "api_key_env")
	}
	return changed
}

// projectAllowed reports whether the user's [trust] project_providers
// names project folder root.
func (g *providerGuard) projectAllowed(root string) bool {
	if len(g.allowed) == 0 || root == "" {
		return false
	}
	if ok, done := g.allowCache[root]; done {
		return ok
	}
	want := realPath(root)
	ok := slices.ContainsFunc(g.allowed, func(p string) bool {
		if rest, found := strings.CutPrefix(p, "~/"); found {
			home, err := os.UserHomeDir()
			if err != nil {
				return false
			}
			p = filepath.Join(home, rest)
		}
		return filepath.IsAbs(p) && realPath(p) == want
	})
	g.allowCache[root] = ok
	return ok
}

// realPath is p with symlinks resolved, or cleaned when it does not
// exist.
func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}
