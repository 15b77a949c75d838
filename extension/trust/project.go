package trust

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"panto/diag"
	"panto/extension/config"
	"panto/extension/discover"
)

// Project is the part of a setup that trust gates: the project's layer
// and the local layer inside it, and the project's config files a run
// of a named folder reads as host settings.
type Project struct {
	// Root is the project folder (the one holding .panto), as discovered.
	Root string
	// Digest is the layer's digest (see Digest).
	Digest string
	// Layers are the setup's project and local layers.
	Layers []*discover.Layer
	// Settings are the setup's host settings read from the project's
	// tree (see discover.Setup.AddHostSettings).
	Settings []*config.File
}

// DotPanto is the project's layer folder.
func (p *Project) DotPanto() string { return filepath.Join(p.Root, ".panto") }

// Find returns the project part of s, or nil when there is nothing to
// trust: no .panto folder, or one that holds no file the digest covers.
// When the layer cannot be digested (unreadable, too large) it returns
// the project without a digest and the error: such a layer cannot be
// trusted, and must be restricted.
func Find(s *discover.Setup) (*Project, error) {
	p := &Project{Root: s.ProjectRoot}
	var extra []*discover.Entry
	for _, l := range s.Layers {
		if l.Name == discover.Project || l.Name == discover.Local {
			p.Layers = append(p.Layers, l)
			extra = append(extra, l.Entries...)
		}
	}
	for _, f := range s.Settings {
		if f.Project {
			p.Settings = append(p.Settings, f)
		}
	}
	if len(p.Layers) == 0 && len(p.Settings) == 0 {
		return nil, nil // a run of a named folder that reads no project settings
	}
	digest, files, err := digest(p.DotPanto(), extra)
	if err != nil {
		return p, fmt.Errorf("%s: %w", p.DotPanto(), err)
	}
	if files == 0 {
		return nil, nil
	}
	p.Digest = digest
	return p, nil
}

// Restrict takes out what an untrusted project may not bring: its
// entries (extensions, tools, [extensions] paths and rocks) and
// resources (skills and other files extensions read), its [extensions]
// and [providers] tables (a deny list could switch off the user's own
// extensions; providers carry endpoints, headers and key variables), and
// the warnings about what was taken out. What stays is harmless
// preference: [models] (which can only name models the user's own
// providers define, once the project's are gone) and [ui].
func (p *Project) Restrict() {
	for _, l := range p.Layers {
		l.Entries, l.Resources, l.Shadowed, l.Problems = nil, nil, nil, nil
		if l.Config != nil {
			l.Config = preferences(l.Config)
		}
	}
	for _, f := range p.Settings {
		*f = *preferences(f)
	}
}

// preferences is f without its code and credential-bearing tables.
func preferences(f *config.File) *config.File {
	return &config.File{Path: f.Path, Dir: f.Dir, Project: f.Project, Root: f.Root, Models: f.Models, UI: f.UI}
}

// Note is the one line that says an untrusted project was skipped and
// how to trust it: headless runs print it on stderr.
func (p *Project) Note() string {
	// A project may bring only a .mcp.json: then the folder is named,
	// not a .panto/ it does not have.
	what := p.DotPanto()
	if _, err := os.Stat(what); err != nil {
		what = p.Root
	}
	return fmt.Sprintf("%s is not trusted: its extensions, tools, MCP servers, hooks and provider settings were skipped (to trust it: panto trust %s)", what, p.Root)
}

// Warn records Note as a warning of setup s, for a session that reports
// its setup's problems (the terminal UI, a reload).
func (p *Project) Warn(s *discover.Setup) {
	s.Warn(diag.Diagnostic{File: p.DotPanto(), Message: p.Note(), Severity: diag.Warning})
}

// Summary is what a trust dialog shows of a project: what would run and
// where its providers would send requests.
type Summary struct {
	Root string
	// Entries are the extensions and tools, as "name (source)".
	Entries []string
	// Providers are the providers its config files define.
	Providers []ProviderSummary
	// MCPServers are the MCP servers its config files and .mcp.json
	// would start, as "name: command args" or "name: url".
	MCPServers []string
	// Hooks are the hook commands its config files and hooks.json
	// files would run, as "Event [matcher]: command".
	Hooks []string
	// Files counts the other files (resources, config files).
	Files int
}

// ProviderSummary is one provider a project defines.
type ProviderSummary struct {
	Name, Protocol, BaseURL, APIKeyEnv string
	Headers                            []string // header names only
}

// Summarize describes p for a trust dialog.
func (p *Project) Summarize() Summary {
	s := Summary{Root: p.Root}
	providers := map[string]config.Provider{}
	addConfig := func(f *config.File) {
		if f == nil {
			return
		}
		s.Files++
		for name, pv := range f.Providers {
			providers[name] = pv
		}
		for name, srv := range f.MCP.Servers {
			target := srv.URL
			if target == "" {
				target = strings.Join(append([]string{srv.Command}, srv.Args...), " ")
			}
			s.MCPServers = append(s.MCPServers, printable(name+": "+target))
		}
		for event, groups := range f.Hooks {
			for _, g := range groups {
				for _, c := range g.Hooks {
					what := event
					if g.Matcher != "" {
						what += " " + g.Matcher
					}
					s.Hooks = append(s.Hooks, printable(what+": "+c.Command))
				}
			}
		}
	}
	for _, l := range p.Layers {
		for _, e := range l.Entries {
			s.Entries = append(s.Entries, printable(fmt.Sprintf("%s (%s)", e.Name, e.Main.Source)))
		}
		s.Files += len(l.Resources)
		addConfig(l.Config)
	}
	for _, f := range p.Settings {
		addConfig(f)
	}
	names := make([]string, 0, len(providers))
	for n := range providers {
		names = append(names, n)
	}
	sort.Strings(names)
	sort.Strings(s.MCPServers)
	sort.Strings(s.Hooks)
	for _, n := range names {
		pv := providers[n]
		ps := ProviderSummary{Name: printable(n), Protocol: printable(pv.Protocol), BaseURL: printable(pv.BaseURL), APIKeyEnv: printable(pv.APIKeyEnv)}
		for h := range pv.Headers {
			ps.Headers = append(ps.Headers, printable(h))
		}
		sort.Strings(ps.Headers)
		s.Providers = append(s.Providers, ps)
	}
	return s
}

// printable replaces control characters with '?': the summary is text
// from the project, shown on the user's terminal, and an escape sequence
// in a URL could otherwise hide or rewrite what the dialog says.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) || r == utf8.RuneError {
			return '?'
		}
		return r
	}, s)
}

// KeepTrusted runs write, a change panto itself makes to a project's
// layer on the user's behalf (an "always allow" rule written to
// .panto/local/config.toml), and keeps the project trusted across it:
// when the layer was trusted with its contents just before, its new
// contents are recorded as trusted, so the next session does not ask
// about the user's own answer. A project that was not trusted stays
// untrusted. s is the session's setup (not restricted, when trusted).
func KeepTrusted(s *discover.Setup, write func() error) error {
	p, err := Find(s)
	trusted := false
	if err == nil && p != nil {
		trusted, _ = NewStore(s.DataHome).Trusted(p.Root, p.Digest)
	}
	if err := write(); err != nil {
		return err
	}
	if !trusted {
		return nil
	}
	after, err := Find(s)
	if err != nil || after == nil {
		return err
	}
	return NewStore(s.DataHome).Trust(after.Root, after.Digest, time.Now())
}
