package abi

import (
	"fmt"
	"strings"
)

// LuaStubs renders the description as a LuaLS definition file (---@meta)
// for require("panto"): every function with ---@param and ---@return,
// the declaration and result shapes as ---@class, and each event as a
// class of its own with its fields, so that
//
//	panto.ext.on("tool_result", function(e) e.output = "" end)
//
// completes and type-checks in an editor. `panto stubs DIR` writes it;
// TestStubs keeps the checked-in copy (stubs/panto.lua) equal to it.
func (s *Spec) LuaStubs() string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("---@meta panto\n")
	p("-- The panto extension API, ABI %s: LuaLS definitions generated from\n", s.Version)
	p("-- extension/abi/abi.json by `panto stubs`. Do not edit; regenerate.\n")
	p("-- %s\n\n", s.Module.Note)

	for _, t := range s.Types {
		doc(&b, t.Summary)
		p("---@class %s\n", t.Name)
		for _, f := range t.Fields {
			opt := ""
			if f.Optional {
				opt = "?"
			}
			p("---@field %s%s %s%s\n", f.Name, opt, f.Type, trailing(f.Summary))
		}
		p("\n")
	}
	for _, a := range s.Aliases {
		doc(&b, a.Summary)
		p("---@alias %s %s\n\n", a.Name, a.Type)
	}

	// Events: the name alias, the base object, one class per event.
	p("---@alias panto.EventName\n")
	for _, e := range s.Events {
		p("---| %q%s\n", e.Name, trailing(e.Summary))
	}
	p("\n")
	for _, e := range s.Events {
		doc(&b, e.Summary)
		comp := ""
		if !e.Component {
			comp = " (a notification: get_component returns nil)"
		}
		p("-- Event %q%s.\n", e.Name, comp)
		p("---@class %s: panto.Event\n", eventClass(e.Name))
		for _, f := range e.Fields {
			opt := ""
			if f.Optional {
				opt = "?"
			}
			sum := f.Summary
			if f.Writable {
				sum = strings.TrimSpace("WRITABLE during dispatch. " + sum)
			}
			p("---@field %s%s %s%s\n", f.Name, opt, luaFieldType(f.Type), trailing(sum))
		}
		p("\n")
	}

	var module *Table
	for i := range s.Module.Tables {
		t := &s.Module.Tables[i]
		if t.Name == s.Module.Name {
			module = t
			continue
		}
		s.stubTable(&b, t)
	}
	p("---@class %s\n", s.Module.Name)
	for _, t := range s.Module.Tables {
		if t.Kind == "" && strings.HasPrefix(t.Name, s.Module.Name+".") {
			p("---@field %s %s\n", strings.TrimPrefix(t.Name, s.Module.Name+"."), t.LuaClass)
		}
	}
	p("local %s = {}\n\n", s.Module.Name)
	if module != nil {
		for _, f := range module.Functions {
			s.stubFunction(&b, s.Module.Name, ".", f, nil)
		}
	}
	p("return %s\n", s.Module.Name)
	return b.String()
}

// stubTable writes one module table or class and its functions.
func (s *Spec) stubTable(b *strings.Builder, t *Table) {
	local := localName(t.LuaClass)
	fmt.Fprintf(b, "---@class %s\n", t.LuaClass)
	for _, v := range t.Values {
		fmt.Fprintf(b, "---@field %s %s%s\n", v.Name, v.LuaType, trailing(v.Summary))
	}
	fmt.Fprintf(b, "local %s = {}\n\n", local)
	sep := "."
	if t.Kind == "class" {
		sep = ":"
	}
	for _, f := range t.Functions {
		var extra []string
		if t.Name == "panto.ext" && f.Name == "on" {
			for _, e := range s.Events {
				extra = append(extra, fmt.Sprintf("fun(name: %q, handler: fun(event: %s))", e.Name, eventClass(e.Name)))
			}
		}
		s.stubFunction(b, local, sep, f, extra)
	}
}

func (s *Spec) stubFunction(b *strings.Builder, local, sep string, f Function, overloads []string) {
	doc(b, f.Summary)
	var names []string
	for _, a := range f.Params {
		fmt.Fprintf(b, "---@param %s %s%s\n", a.Name, a.Type, trailing(a.Summary))
		names = append(names, strings.TrimSuffix(a.Name, "?"))
	}
	for _, r := range f.Returns {
		name := ""
		if r.Name != "" {
			name = " " + r.Name
		}
		fmt.Fprintf(b, "---@return %s%s%s\n", r.Type, name, trailing(r.Summary))
	}
	for _, o := range append(append([]string(nil), f.Overloads...), overloads...) {
		fmt.Fprintf(b, "---@overload %s\n", o)
	}
	fmt.Fprintf(b, "function %s%s%s(%s) end\n\n", local, sep, f.Name, strings.Join(names, ", "))
}

// eventClass is the class of an event's object: panto.events.tool_result.
func eventClass(name string) string { return "panto.events." + name }

// localName is the Lua local a class's functions hang off: "panto.Ext"
// -> "Ext".
func localName(class string) string {
	if i := strings.LastIndexByte(class, '.'); i >= 0 {
		return class[i+1:]
	}
	return class
}

func luaFieldType(t string) string {
	if t == "table" {
		return "table"
	}
	return t
}

// doc writes a summary as a LuaLS description comment.
func doc(b *strings.Builder, summary string) {
	if summary == "" {
		return
	}
	fmt.Fprintf(b, "--- %s\n", strings.ReplaceAll(summary, "\n", "\n--- "))
}

func trailing(s string) string {
	if s == "" {
		return ""
	}
	return " " + strings.ReplaceAll(s, "\n", " ")
}
