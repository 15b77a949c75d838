package host

import (
	"fmt"
	"sort"
	"strings"

	"panto/runtime"
)

// Tool is a registered tool.
type Tool struct {
	Name        string
	Description string
	// Schema is the JSON schema as the extension gave it (a Lua table);
	// SchemaJSON is its encoding.
	Schema     runtime.Value
	SchemaJSON string
	// schema is SchemaJSON checked (and compiled, now or on first use),
	// which every call's input is validated against.
	schema  *toolSchema
	Handler runtime.Value
	// Effects are what the tool declared it does (read, write, execute,
	// network), for the permission decision: nil when it did not say,
	// empty when it said it touches nothing.
	Effects []string
	// PathField and CommandField name the input field holding the path
	// the tool acts on or the command it runs ("" when it has none).
	PathField, CommandField string
	// Source is where it was registered: "file:line" of the register_tool
	// call, or the file that returned the declaration.
	Source string
	// Run, set on a native tool (NewNativeTool), runs it in Go instead
	// of Handler.
	Run   NativeRun
	owner *entryState
}

// Command is a registered slash command.
type Command struct {
	Name        string
	Description string
	Handler     runtime.Value
	Source      string
	// Run, set on a native command (NewNativeCommand), runs it in Go
	// instead of Handler.
	Run   NativeCommandRun
	owner *entryState
}

// EffortLevel is one reasoning effort a protocol offers.
type EffortLevel struct {
	Label  string
	Detail string
}

// Protocol is a registered provider wire protocol.
type Protocol struct {
	Name         string
	EffortLevels []EffortLevel
	// Open and the callbacks (nil when absent) are Lua functions.
	Open                                            runtime.Value
	CancelTurn, ResetContext, ReleaseContext, Close runtime.Value
	// Decl is the table given to register_protocol (the callbacks' self).
	Decl   runtime.Value
	Source string
	owner  *entryState
}

// Handler is an event subscription.
type Handler struct {
	Event  string
	Fn     runtime.Value
	Source string
	owner  *entryState
}

// registry holds what extensions registered in one Lua state.
type registry struct {
	tools     map[string]*Tool
	commands  map[string]*Command
	protocols map[string]*Protocol
	handlers  []*Handler // registration order
}

func newRegistry() *registry {
	return &registry{
		tools:     map[string]*Tool{},
		commands:  map[string]*Command{},
		protocols: map[string]*Protocol{},
	}
}

// duplicateError names both sources, as the spec requires for duplicate
// tool, command and protocol names.
func duplicateError(kind, name, first, second string) error {
	return fmt.Errorf("duplicate %s name '%s': registered by %s and again by %s", kind, name, first, second)
}

func (r *registry) addTool(t *Tool) error {
	if old := r.tools[t.Name]; old != nil {
		err := duplicateError("tool", t.Name, old.Source, t.Source)
		if strings.HasPrefix(old.Source, "base:") && !strings.HasPrefix(t.Source, "base:") {
			// A standard tool is replaced by an entry of its name, as
			// every entry of a lower layer is; registering its name
			// from another entry is a duplicate.
			err = fmt.Errorf("%v; '%s' is a standard tool: name the entry '%s' to override it, or choose another tool name", err, t.Name, t.Name)
		}
		return err
	}
	r.tools[t.Name] = t
	return nil
}

func (r *registry) addCommand(c *Command) error {
	if old := r.commands[c.Name]; old != nil {
		return duplicateError("command", c.Name, old.Source, c.Source)
	}
	r.commands[c.Name] = c
	return nil
}

func (r *registry) addProtocol(p *Protocol) error {
	if old := r.protocols[p.Name]; old != nil {
		return duplicateError("protocol", p.Name, old.Source, p.Source)
	}
	r.protocols[p.Name] = p
	return nil
}

// handlersFor returns the handlers of an event in registration order, as
// a snapshot: a handler registered during a dispatch runs from the next
// one on.
func (r *registry) handlersFor(event string) []*Handler {
	var hs []*Handler
	for _, h := range r.handlers {
		if h.Event == event {
			hs = append(hs, h)
		}
	}
	return hs
}

// dropOwner removes what an entry registered, except what keep holds:
// an extension whose activation fails must not leave half of itself
// behind, but a file that returns several entries or tool declarations
// activates them one by one, and what its earlier ones registered
// (owned, taken before the failing one started) stays.
func (r *registry) dropOwner(e *entryState, keep map[any]bool) {
	for name, t := range r.tools {
		if t.owner == e && !keep[t] {
			delete(r.tools, name)
		}
	}
	for name, c := range r.commands {
		if c.owner == e && !keep[c] {
			delete(r.commands, name)
		}
	}
	for name, p := range r.protocols {
		if p.owner == e && !keep[p] {
			delete(r.protocols, name)
		}
	}
	kept := r.handlers[:0]
	for _, h := range r.handlers {
		if h.owner != e || keep[h] {
			kept = append(kept, h)
		}
	}
	r.handlers = kept
}

// owned is everything e has registered so far (nil when nothing).
func (r *registry) owned(e *entryState) map[any]bool {
	var m map[any]bool
	add := func(x any) {
		if m == nil {
			m = map[any]bool{}
		}
		m[x] = true
	}
	for _, t := range r.tools {
		if t.owner == e {
			add(t)
		}
	}
	for _, c := range r.commands {
		if c.owner == e {
			add(c)
		}
	}
	for _, p := range r.protocols {
		if p.owner == e {
			add(p)
		}
	}
	for _, h := range r.handlers {
		if h.owner == e {
			add(h)
		}
	}
	return m
}

func sortedValues[V any](m map[string]V) []V {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]V, len(keys))
	for i, k := range keys {
		out[i] = m[k]
	}
	return out
}
