package agentdef

import (
	"errors"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"panto/extension/discover"
)

// Folder is where a layer keeps its definitions.
const Folder = "agents"

// Registry holds the definitions of a session: the built-in ones, then
// each layer's in precedence order, then those extensions registered; a
// later definition of a name replaces an earlier one. It is safe for
// concurrent use (the terminal UI lists it while a turn runs).
type Registry struct {
	mu       sync.Mutex
	defs     map[string]*Definition
	problems []error
}

// Load builds the registry of setup: the built-ins, then the agents/
// folder of every layer, lowest precedence first. A layer's
// definitions are found through its resources, so an untrusted
// project (whose resources trust took out) brings none. A file that
// cannot be read is a problem (Problems), the others load.
func Load(setup *discover.Setup) *Registry {
	r := &Registry{defs: map[string]*Definition{}}
	for _, d := range Builtins() {
		r.defs[d.Name] = d
	}
	if setup == nil {
		return r
	}
	for _, l := range setup.Layers {
		if l.Dir == "" {
			continue
		}
		var files []string
		for _, res := range l.Resources {
			dir, name := path.Split(res.Path)
			if dir == Folder+"/" && strings.HasSuffix(name, ".md") {
				files = append(files, res.Path)
			}
		}
		sort.Strings(files)
		for _, rel := range files {
			file := filepath.Join(l.Dir, filepath.FromSlash(rel))
			data, err := os.ReadFile(file)
			if err != nil {
				r.problems = append(r.problems, err)
				continue
			}
			d, err := Parse(file, data)
			if err != nil {
				r.problems = append(r.problems, err)
				continue
			}
			d.Source = l.Name
			r.defs[d.Name] = d
		}
	}
	return r
}

// Problems are the definitions that could not be read.
func (r *Registry) Problems() []error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]error(nil), r.problems...)
}

// Get finds a definition by name.
func (r *Registry) Get(name string) *Definition {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.defs[name]
}

// All lists the definitions, sorted by name.
func (r *Registry) All() []*Definition {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]*Definition, 0, len(r.defs))
	for _, d := range r.defs {
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Names lists the definitions' names, sorted.
func (r *Registry) Names() []string {
	var out []string
	for _, d := range r.All() {
		out = append(out, d.Name)
	}
	return out
}

// Register adds a definition made by code (an extension's
// panto.ext.register_agent_definition, bone's register_subagent), above
// every file: it replaces a definition of the same name. Source
// defaults to "extension".
func (r *Registry) Register(d Definition) error {
	if !validName().MatchString(d.Name) {
		return errors.New("a definition's name must be letters, digits, '-', '_', '.' or ':', got " + quote(d.Name))
	}
	if strings.TrimSpace(d.Prompt) == "" {
		return errors.New("definition '" + d.Name + "': the prompt (its system prompt) must not be empty")
	}
	if d.Source == "" {
		d.Source = "extension"
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.defs[d.Name] = &d
	return nil
}

func quote(s string) string { return "\"" + s + "\"" }
