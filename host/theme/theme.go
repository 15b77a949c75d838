// Package theme is the process-local theme registry behind
// panto.ext.style. It lives outside any Lua state on purpose: the spec
// makes theme registrations survive Lua VM teardown and session switches,
// so a theme an extension registered is still there after /new rebuilds
// the state (and re-registering it is harmless).
package theme

import (
	"fmt"
	"sort"
	"sync"
)

// Default is the name of the built-in theme.
const Default = "default"

// defaultSpecs are the built-in roles. Roles a registered theme leaves out
// fall back to these, so a theme may override only what it cares about.
var defaultSpecs = map[string]string{
	"accent":   "bold cyan",
	"muted":    "dim",
	"error":    "red",
	"warning":  "yellow",
	"success":  "green",
	"tool":     "bold",
	"keyword":  "magenta",
	"string":   "green",
	"comment":  "dim italic",
	"number":   "yellow",
	"constant": "cyan",
	"builtin":  "blue",
	"added":    "green",
	"removed":  "red",
	"heading":  "bold cyan",
}

// Theme maps role names to SGR sequences.
type Theme struct {
	Name string
	// Styles maps each role to the escape sequence that turns it on.
	Styles map[string]string
}

var (
	mu       sync.RWMutex
	registry = map[string]*Theme{}
)

func init() { resetRegistry() }

// resetRegistry empties the registry down to the built-in theme.
func resetRegistry() {
	mu.Lock()
	defer mu.Unlock()
	registry = map[string]*Theme{}
	t, err := build(Default, nil)
	if err != nil {
		panic(err)
	}
	registry[Default] = t
}

// Register adds or replaces a theme. specs maps roles to style specs (see
// ParseSpec); roles it does not name come from the built-in theme.
func Register(name string, specs map[string]string) error {
	if name == "" {
		return fmt.Errorf("a theme needs a name")
	}
	t, err := build(name, specs)
	if err != nil {
		return err
	}
	mu.Lock()
	registry[name] = t
	mu.Unlock()
	return nil
}

func build(name string, specs map[string]string) (*Theme, error) {
	t := &Theme{Name: name, Styles: make(map[string]string, len(defaultSpecs)+len(specs))}
	for role, spec := range defaultSpecs {
		t.Styles[role], _ = ParseSpec(spec)
	}
	for _, role := range sortedKeys(specs) {
		sgr, err := ParseSpec(specs[role])
		if err != nil {
			return nil, fmt.Errorf("theme %q: role %q: %v", name, role, err)
		}
		t.Styles[role] = sgr
	}
	return t, nil
}

// Get returns a registered theme.
func Get(name string) (*Theme, bool) {
	mu.RLock()
	defer mu.RUnlock()
	t, ok := registry[name]
	return t, ok
}

// Active returns the theme named by the configuration when it is
// registered, else the built-in one.
func Active(configured string) *Theme {
	if t, ok := Get(configured); ok {
		return t
	}
	t, _ := Get(Default)
	return t
}

// Names lists the registered themes, sorted.
func Names() []string {
	mu.RLock()
	defer mu.RUnlock()
	return sortedKeys(registry)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
