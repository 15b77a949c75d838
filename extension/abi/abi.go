// Package abi is the machine-readable contract between extensions and the
// host: the panto module's functions, the event catalogue with each field's
// type and writability, and the tool, command, protocol and component
// contracts. The description lives in abi.json so that the host (event
// field tables, writability), docs/abi.md and `panto build`'s checks all
// read the same thing instead of three hand-kept copies.
package abi

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
)

//go:embed abi.json
var abiJSON []byte

// JSON returns the raw machine-readable description, for tools that want
// to ship or diff it.
func JSON() []byte { return append([]byte(nil), abiJSON...) }

// Spec is the whole described surface.
type Spec struct {
	Version     string              `json:"version"`
	Module      Module              `json:"module"`
	Events      []Event             `json:"events"`
	EventObject EventObject         `json:"event_object"`
	Contracts   map[string]Contract `json:"contracts"`
	// Types are the shapes of the tables extensions pass and receive
	// (declarations, requests, results), for the LuaLS stubs and for the
	// build's field checks.
	Types []Type `json:"types"`
	// Aliases are named union types of the stubs.
	Aliases []Alias `json:"aliases"`
	// ForeignFunctions are names other agents' APIs use where panto has
	// another name or none, for "did you mean" on panto.ext calls.
	ForeignFunctions []Foreign `json:"foreign_functions"`

	events    map[string]*Event    // by name
	functions map[string]*Function // by "table.name"
	types     map[string]*Type     // by name
}

// Module describes require("panto").
type Module struct {
	Name   string  `json:"name"`
	Note   string  `json:"note"`
	Tables []Table `json:"tables"`
}

// Table is one table of the module (panto.ext, panto.text), or with
// Kind "class" the methods of one kind of object (agent, stream, ...).
type Table struct {
	Name string `json:"name"`
	// LuaClass is the LuaLS class name of the table in the stubs
	// ("panto.Ext", "panto.Agent").
	LuaClass string `json:"lua_class"`
	// Kind is "" for a module table, "class" for an object's methods.
	Kind string `json:"kind,omitempty"`
	// Owner names the package that installs it: "" is the host,
	// "agent" the agent (the native API needs the session).
	Owner     string     `json:"owner,omitempty"`
	Functions []Function `json:"functions"`
	Values    []Member   `json:"values"`
}

// Function is one function of a module table.
type Function struct {
	Name      string `json:"name"`
	Signature string `json:"signature"`
	Summary   string `json:"summary"`
	// Params and Returns are the typed signature (LuaLS type
	// expressions); a parameter name ending in "?" is optional.
	Params  []Param `json:"params"`
	Returns []Param `json:"returns,omitempty"`
	// Overloads are further LuaLS signatures ("fun(name: string): T").
	Overloads []string `json:"overloads,omitempty"`
}

// Param is a parameter or a return value of a function.
type Param struct {
	Name    string `json:"name,omitempty"`
	Type    string `json:"type"`
	Summary string `json:"summary,omitempty"`
}

// Type is a table shape: fields with LuaLS types, and the names other
// agents' APIs use for them (Foreign), so a build can say what panto
// calls bone's "parameters".
type Type struct {
	Name    string      `json:"name"`
	Summary string      `json:"summary"`
	Fields  []TypeField `json:"fields"`
	Foreign []Foreign   `json:"foreign,omitempty"`
}

// TypeField is one field of a Type.
type TypeField struct {
	Name     string `json:"name"`
	Type     string `json:"type"`
	Optional bool   `json:"optional,omitempty"`
	Summary  string `json:"summary,omitempty"`
}

// Foreign is a name panto does not use: Use is panto's name for the same
// thing ("" when there is none), Hint says so in words.
type Foreign struct {
	Name string `json:"name"`
	Use  string `json:"use,omitempty"`
	Hint string `json:"hint"`
}

// Alias is a named LuaLS type expression.
type Alias struct {
	Name    string `json:"name"`
	Summary string `json:"summary"`
	Type    string `json:"type"`
}

// Member is a non-function value of a table, or a member of the event
// object.
type Member struct {
	Name    string `json:"name"`
	Type    string `json:"type,omitempty"`
	Owner   string `json:"owner,omitempty"` // as Table.Owner
	Summary string `json:"summary"`
	// LuaType is the value's LuaLS type in the stubs.
	LuaType string `json:"lua_type,omitempty"`
}

// Event is one event of the catalogue.
type Event struct {
	Name string `json:"name"`
	// Component tells whether the event belongs to a transcript block with
	// a default (native) component that handlers may replace.
	Component bool    `json:"component"`
	Summary   string  `json:"summary"`
	Fields    []Field `json:"fields"`
}

// Field is one field of an event.
type Field struct {
	Name string `json:"name"`
	// Type is the Lua type handlers see: string, integer, boolean, table.
	Type     string `json:"type"`
	Optional bool   `json:"optional,omitempty"`
	Writable bool   `json:"writable,omitempty"`
	Summary  string `json:"summary,omitempty"`
	// Values, when set, are the only strings a handler may assign.
	Values []string `json:"values,omitempty"`
}

// EventObject describes the userdata handlers receive.
type EventObject struct {
	Summary      string   `json:"summary"`
	Members      []Member `json:"members"`
	Rules        []string `json:"rules"`
	CustomEvents []string `json:"custom_events"`
}

// Contract is a loosely structured description of one extension contract;
// its keys vary by contract, so it stays a map.
type Contract map[string]any

var specOnce struct {
	sync.Once
	v *Spec
}

// spec is the parsed description, parsed on first use: every panto
// process links this package, and most (panto lua, a bundle run) never
// look at it, so parsing it at init was a millisecond of every start.
// abi.json is part of the binary, so a parse failure is a build defect
// and panics.
func spec() *Spec {
	specOnce.Do(func() { specOnce.v = mustParse(abiJSON) })
	return specOnce.v
}

// Version is the ABI version this host implements (semantic versioning):
// abi.json's "version", which TestVersionMatchesDescription holds it to.
const Version = "1.5.0"

// Get returns the parsed description. Callers must not modify it.
func Get() *Spec { return spec() }

func mustParse(data []byte) *Spec {
	s, err := Parse(data)
	if err != nil {
		panic("abi: embedded abi.json: " + err.Error())
	}
	return s
}

// Parse reads a description in the abi.json format and indexes it.
func Parse(data []byte) (*Spec, error) {
	var s Spec
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	if _, err := ParseVersion(s.Version); err != nil {
		return nil, err
	}
	s.events = make(map[string]*Event, len(s.Events))
	for i := range s.Events {
		e := &s.Events[i]
		if s.events[e.Name] != nil {
			return nil, fmt.Errorf("event %q described twice", e.Name)
		}
		s.events[e.Name] = e
	}
	s.functions = map[string]*Function{}
	for _, t := range s.Module.Tables {
		for i := range t.Functions {
			s.functions[t.Name+"."+t.Functions[i].Name] = &t.Functions[i]
		}
	}
	s.types = map[string]*Type{}
	for i := range s.Types {
		t := &s.Types[i]
		if s.types[t.Name] != nil {
			return nil, fmt.Errorf("type %q described twice", t.Name)
		}
		s.types[t.Name] = t
	}
	for name, c := range s.Contracts {
		if tn, ok := c["type"].(string); ok && s.types[tn] == nil {
			return nil, fmt.Errorf("contract %s names type %q, which is not described", name, tn)
		}
	}
	return &s, nil
}

// Type returns a described type by name ("panto.ToolDeclaration"), or nil.
func (s *Spec) Type(name string) *Type { return s.types[name] }

// ContractType returns the type of what a contract declares (the tool
// declaration of "tool"), or nil.
func (s *Spec) ContractType(contract string) *Type {
	name, _ := s.Contracts[contract]["type"].(string)
	return s.types[name]
}

// Table returns a module table or class by name ("panto.ext", "agent"),
// or nil.
func (s *Spec) Table(name string) *Table {
	for i := range s.Module.Tables {
		if s.Module.Tables[i].Name == name {
			return &s.Module.Tables[i]
		}
	}
	return nil
}

// Field returns the named field of the type, or nil.
func (t *Type) Field(name string) *TypeField {
	for i := range t.Fields {
		if t.Fields[i].Name == name {
			return &t.Fields[i]
		}
	}
	return nil
}

// ForeignName returns what the type says about a name other agents use,
// or nil.
func (t *Type) ForeignName(name string) *Foreign {
	for i := range t.Foreign {
		if t.Foreign[i].Name == name {
			return &t.Foreign[i]
		}
	}
	return nil
}

// Names lists a table's function and value names.
func (t *Table) Names() []string {
	var out []string
	for _, f := range t.Functions {
		out = append(out, f.Name)
	}
	for _, v := range t.Values {
		out = append(out, v.Name)
	}
	return out
}

// Event returns the catalogue entry for a host event, or nil for a custom
// event name.
func (s *Spec) Event(name string) *Event { return s.events[name] }

// Function returns a module function by its qualified name
// ("panto.ext.on"), or nil.
func (s *Spec) Function(qualified string) *Function { return s.functions[qualified] }

// Field returns the named field of the event, or nil.
func (e *Event) Field(name string) *Field {
	for i := range e.Fields {
		if e.Fields[i].Name == name {
			return &e.Fields[i]
		}
	}
	return nil
}

// ToolEffects are the names a tool declaration's effects may use (ABI
// 1.2), from the tool contract.
func (s *Spec) ToolEffects() []string {
	list, _ := s.Contracts["tool"]["effects"].([]any)
	out := make([]string, 0, len(list))
	for _, e := range list {
		if name, ok := e.(string); ok {
			out = append(out, name)
		}
	}
	return out
}
