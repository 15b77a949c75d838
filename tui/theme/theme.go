// Package theme parses style specs and keeps the theme registry behind
// panto.ext.style. A Registry lives outside any Lua state on purpose: the
// spec makes theme registrations survive Lua VM teardown and session
// switches, so a theme an extension registered is still there after /new
// rebuilds the state (and re-registering it is harmless). Its owner is a
// host, not the process, so that tests and embedders running several
// hosts keep their themes apart.
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
	// Plain is set on the themes of a plain registry: every style is
	// empty, and so is the reset that would end one.
	Plain bool
}

// Registry holds the themes one host knows: the built-in one and every
// theme registered since. A host keeps its registry across Lua state
// rebuilds (which is what makes a registration survive /new), and two
// hosts in one process do not see each other's themes. It is safe for
// concurrent use: a UI may read the active theme while Lua registers one.
type Registry struct {
	mu     sync.RWMutex
	themes map[string]*Theme
	// plain makes Get and Active answer style-less copies (SetPlain).
	plain bool
}

// SetPlain makes the registry answer every theme without styles (its
// roles all "", Plain set), while registrations go on as before: output
// that must carry no colour (a pipe, NO_COLOR, TERM=dumb) gets none from
// panto.ext.style, highlight or the native components, and the themes
// are whole again when it is turned off.
func (r *Registry) SetPlain(on bool) {
	r.mu.Lock()
	r.plain = on
	r.mu.Unlock()
}

func plainCopy(t *Theme) *Theme {
	p := &Theme{Name: t.Name, Styles: make(map[string]string, len(t.Styles)), Plain: true}
	for role := range t.Styles {
		p.Styles[role] = ""
	}
	return p
}

// NewRegistry returns a registry holding only the built-in theme.
func NewRegistry() *Registry {
	t, err := build(Default, nil)
	if err != nil {
		panic(err) // the built-in specs are constants
	}
	return &Registry{themes: map[string]*Theme{Default: t}}
}

// Register adds or replaces a theme. specs maps roles to style specs (see
// ParseSpec); roles it does not name come from the built-in theme.
func (r *Registry) Register(name string, specs map[string]string) error {
	if name == "" {
		return fmt.Errorf("a theme needs a name")
	}
	t, err := build(name, specs)
	if err != nil {
		return err
	}
	r.mu.Lock()
	r.themes[name] = t
	r.mu.Unlock()
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
func (r *Registry) Get(name string) (*Theme, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	t, ok := r.themes[name]
	if ok && r.plain {
		t = plainCopy(t)
	}
	return t, ok
}

// Active returns the theme named by the configuration when it is
// registered, else the built-in one.
func (r *Registry) Active(configured string) *Theme {
	if t, ok := r.Get(configured); ok {
		return t
	}
	t, _ := r.Get(Default)
	return t
}

// Names lists the registered themes, sorted.
func (r *Registry) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return sortedKeys(r.themes)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
