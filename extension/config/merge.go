package config

import (
	"maps"
	"path"
	"slices"

	"panto/diag"
)

// Merged is the configuration of a session: the layers' files combined,
// lowest precedence first.
type Merged struct {
	// Allow and Deny are the union of every layer's patterns: a deny
	// anywhere wins, and an allow list anywhere restricts.
	Allow, Deny []string
	// Providers: a higher layer's [providers.x] replaces a lower one's
	// entirely, so a layer does not inherit stale models; but a project
	// cannot change where a provider of the user's sends the user's key
	// (see providerGuard).
	Providers map[string]Provider
	// Models and UI: each non-empty value of a higher layer wins.
	Models Models
	UI     UI
	// Permissions are the files' [permissions] tables, lowest precedence
	// first, each with its file (rules name where they came from); the
	// mode of the highest file that sets one wins, the rules add up.
	Permissions []PermissionsOf
	// Warnings say what a project's config tried and was not allowed to
	// change (see providerGuard).
	Warnings diag.List
	// Sandbox: the user's layers set it; a project's can only tighten it
	// (see mergeSandbox).
	Sandbox Sandbox
	// Bone: the highest file that sets [bone] init wins.
	Bone Bone
	// Subagents: the highest file that sets a positive max_depth wins.
	Subagents Subagents
	// Hooks are the files' hooks, lowest precedence first: they add up,
	// as Claude Code runs the hooks of every settings file.
	Hooks []HooksOf
	// MCPServers are the MCP servers by name: a higher layer's server of
	// a name replaces a lower one's, and enabled = false removes it.
	MCPServers map[string]MCPServer
	// BuiltinPaths are the paths (File.Path) of the Builtin layers that
	// were merged: an origin among them is panto's, not a file's.
	BuiltinPaths []string
}

// IsBuiltin reports whether origin (Provider.Origin, ModelOrigin) is a
// layer panto supplied rather than a configuration file.
func (m *Merged) IsBuiltin(origin string) bool { return slices.Contains(m.BuiltinPaths, origin) }

// ConfiguredRefs lists, as "provider:alias", the models a configuration
// file defines, leaving out the built-in layers' own.
func (m *Merged) ConfiguredRefs() []string {
	var refs []string
	for _, name := range slices.Sorted(maps.Keys(m.Providers)) {
		p := m.Providers[name]
		for _, alias := range slices.Sorted(maps.Keys(p.Models)) {
			if !m.IsBuiltin(p.ModelOrigin(alias)) {
				refs = append(refs, name+":"+alias)
			}
		}
	}
	return refs
}

// HooksOf is one file's hooks.
type HooksOf struct {
	Path    string
	Project bool
	Hooks   Hooks
}

// PermissionsOf is one file's [permissions] table.
type PermissionsOf struct {
	Path string
	Permissions
}

// Merge combines files from lowest to highest precedence; nil files are
// skipped.
//
// The session's default model is, in this order: the highest file's
// [models] default; the one model the files configure, when they
// configure exactly one (a user who added a single provider need not
// also name it); the default of the lowest Builtin layer that has one
// (the catalogue's, for a provider whose key is set, then a detected
// local server's).
func Merge(files ...*File) *Merged {
	m := &Merged{Providers: map[string]Provider{}}
	guard := newProviderGuard(files)
	var builtinDefault string
	for _, f := range files {
		if f == nil {
			continue
		}
		m.Allow = append(m.Allow, f.Extensions.Allow...)
		m.Deny = append(m.Deny, f.Extensions.Deny...)
		for _, name := range sortedKeys(f.Providers) {
			p := f.Providers[name]
			p.Dir = f.Dir
			p.Origin = f.Path
			guard.add(m.Providers, f, name, p, m.Warnings.Add)
		}
		switch {
		case f.Builtin:
			m.BuiltinPaths = append(m.BuiltinPaths, f.Path)
			if builtinDefault == "" {
				builtinDefault = f.Models.Default
			}
		case f.Models.Default != "":
			m.Models.Default = f.Models.Default
		}
		if f.Models.Reasoning != "" {
			m.Models.Reasoning = f.Models.Reasoning
		}
		if f.UI.Theme != "" {
			m.UI.Theme = f.UI.Theme
		}
		if p := f.Permissions; p.Mode != "" || len(p.Allow)+len(p.Ask)+len(p.Deny) > 0 {
			m.Permissions = append(m.Permissions, PermissionsOf{Path: f.Path, Permissions: p})
		}
		m.mergeSandbox(f)
		if f.Subagents.MaxDepth > 0 {
			m.Subagents.MaxDepth = f.Subagents.MaxDepth
		}
		if f.Bone.Init != nil {
			m.Bone.Init = f.Bone.Init
		}
		m.mergeMCP(f)
		if len(f.Hooks) > 0 {
			m.Hooks = append(m.Hooks, HooksOf{Path: f.Path, Project: f.Project, Hooks: f.Hooks})
		}
	}
	for _, name := range sortedKeys(m.Providers) {
		if p := m.Providers[name]; p.Protocol == "" {
			m.Warnings.Add(diag.Diagnostic{File: p.Origin, Severity: diag.Warning, Message: "providers." + name + ": protocol is required"})
		}
	}
	if m.Models.Default == "" {
		if refs := m.ConfiguredRefs(); len(refs) == 1 {
			m.Models.Default = refs[0]
		}
	}
	if m.Models.Default == "" {
		m.Models.Default = builtinDefault
	}
	return m
}

// ModelRefs lists every configured model as "provider:alias", sorted.
func (m *Merged) ModelRefs() []string {
	var refs []string
	for _, name := range slices.Sorted(maps.Keys(m.Providers)) {
		for _, alias := range slices.Sorted(maps.Keys(m.Providers[name].Models)) {
			refs = append(refs, name+":"+alias)
		}
	}
	return refs
}

// Allowed applies allow and deny to an extension known by any of names
// (its file name, its declared name): denied if any name matches a deny
// pattern; otherwise allowed when there is no allow list or any name
// matches an allow pattern.
func (m *Merged) Allowed(names ...string) bool {
	if m == nil {
		return true
	}
	if matchAny(m.Deny, names) {
		return false
	}
	return len(m.Allow) == 0 || matchAny(m.Allow, names)
}

func matchAny(patterns, names []string) bool {
	for _, p := range patterns {
		for _, n := range names {
			if n == "" {
				continue
			}
			if ok, err := path.Match(p, n); ok && err == nil {
				return true
			}
		}
	}
	return false
}

func validPattern(p string) bool {
	_, err := path.Match(p, "")
	return p != "" && err == nil
}

// Denied reports whether a deny pattern matches any of names.
func (m *Merged) Denied(names ...string) bool {
	return m != nil && matchAny(m.Deny, names)
}
