package discover

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"panto/diag"
	"panto/extension/config"
)

// AddHostSettings reads the configuration a run's host adds above its
// layers: the user's config.toml and the project's .panto/config.toml
// (and .panto/local/config.toml). `panto run DIR|BUNDLE` takes its
// extensions from the one layer only, but providers, credentials and
// models always come from the host's configuration, so their
// [providers], [models] and [ui] tables apply, above the run layer's;
// their [extensions] tables do not (the run's layer alone decides what
// it activates). The hooks.json beside each is read too: hooks, like
// providers, are the host's. Problems in those files are reported with the layer's.
func (s *Setup) AddHostSettings(o Options) error {
	env, err := resolveEnv(o)
	if err != nil {
		return err
	}
	var paths []string
	if env.configHome != "" {
		paths = append(paths, filepath.Join(env.configHome, "config.toml"))
	}
	project := filepath.Join(s.ProjectRoot, ".panto")
	paths = append(paths, filepath.Join(project, "config.toml"), filepath.Join(project, "local", "config.toml"))
	for i, p := range paths {
		fromProject := i >= len(paths)-2
		data, err := os.ReadFile(p)
		var f *config.File
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			s.settingsProblems.Add(diag.Diagnostic{File: s.Display(p), Message: fmt.Sprintf("cannot read: %v", err), Severity: diag.Warning})
		default:
			var warns diag.List
			f, warns, err = config.ParseLayer(s.Display(p), data)
			if err != nil {
				return NewConfigError(err)
			}
			s.settingsProblems = append(s.settingsProblems, warns...)
		}
		hp := filepath.Join(filepath.Dir(p), config.HooksFileName)
		if data, err := os.ReadFile(hp); err == nil {
			h, warns, err := config.ParseHooksJSON(s.Display(hp), data)
			if err != nil {
				return NewConfigError(err)
			}
			s.settingsProblems = append(s.settingsProblems, warns...)
			if len(h) > 0 && f == nil {
				f = &config.File{Path: s.Display(hp)}
			}
			if f != nil {
				f.Hooks = f.Hooks.Add(h)
			}
		}
		if f == nil {
			continue
		}
		f.Dir = filepath.Dir(p)
		f.Extensions = config.Extensions{}
		if fromProject {
			f.Project, f.Root = true, s.ProjectRoot
		}
		s.Settings = append(s.Settings, f)
	}
	return nil
}

// Warn adds a problem about the setup as a whole (the project was not
// trusted, say), reported after the layers' own.
func (s *Setup) Warn(d diag.Diagnostic) {
	s.settingsProblems.Add(d)
}

// addMCPJSON reads the project's .mcp.json, the file in which Claude Code
// keeps a project's MCP servers, as a project settings file: trust gates
// it as it gates .panto/config.toml (extension/trust covers it in the
// project's digest). A file panto cannot read is a warning, not an
// error: it is another program's file, and the session runs without it.
func (s *Setup) addMCPJSON(getenv func(string) string) {
	if getenv == nil {
		getenv = os.Getenv
	}
	p := filepath.Join(s.ProjectRoot, config.MCPJSONName)
	f, warns, err := config.ReadMCPJSON(p, s.Display(p), getenv)
	if err != nil {
		var d *diag.Diagnostic
		if !errors.As(err, &d) {
			d = &diag.Diagnostic{File: s.Display(p), Message: err.Error()}
		}
		d.Severity = diag.Warning
		d.Message += " (the file's MCP servers were skipped)"
		s.settingsProblems.Add(*d)
		return
	}
	s.settingsProblems = append(s.settingsProblems, warns...)
	if f == nil {
		return
	}
	f.Dir, f.Project, f.Root = s.ProjectRoot, true, s.ProjectRoot
	s.Settings = append(s.Settings, f)
}
