// Package discover finds extensions: which layers exist and where, what
// each layer's config.toml says, which entries each layer contributes,
// which modules each entry can require, and which non-Lua resources a
// layer carries. It reads files but never runs Lua, so the host (which
// evaluates and activates) and `panto build` (which compiles the same
// entries into a bundle) share one definition of "what gets loaded".
//
// Layers, lowest precedence first:
//
//	base     panto's standard tools, embedded in the binary
//	user     $XDG_CONFIG_HOME/panto, else ~/.config/panto
//	project  <project root>/.panto
//	local    <project root>/.panto/local (meant to stay out of version control)
//
// The project root is the nearest folder, from the working directory
// upward and strictly below $HOME, that holds a .panto folder; without one
// it is the working directory.
package discover

import (
	"io/fs"

	"panto/diag"
	"panto/extension/config"
)

// Layer names.
const (
	Base    = "base"
	User    = "user"
	Project = "project"
	Local   = "local"
	// Bundle is the one layer of `panto run BUNDLE` (and of `panto run DIR`,
	// which treats the folder like an unbuilt bundle).
	Bundle = "bundle"
)

// Layer is one layer's contribution.
type Layer struct {
	Name string
	// Dir is the layer's folder on disk, published to extensions as
	// panto.ext.dirs.layers[i].dir; empty when the layer has no folder
	// (the embedded base layer), in which case it is left out of dirs.
	Dir string
	// Config is the parsed config.toml, nil when there is none.
	Config *config.File
	// ConfigErr is a config.toml that could not be read as TOML (a
	// *ConfigError): discovery fails with it rather than load the layer
	// without the settings the user wrote.
	ConfigErr error
	// Entries are the layer's extension entries after the in-layer
	// precedence (canonical folders, then [extensions] paths, then rocks),
	// in activation order.
	Entries []*Entry
	// Resources are the layer's other files, relative to Dir.
	Resources []Resource
	// Shadowed lists entries dropped because an entry of the same name
	// won within this layer.
	Shadowed []Shadow
	// Problems are warnings found while scanning: config keys, missing
	// paths, rocks that cannot load.
	Problems diag.List
}

// Origin says where in a layer an entry was found; it orders in-layer
// precedence.
type Origin int

const (
	// Canonical entries come from the layer's extensions/ or tools/.
	Canonical Origin = iota
	// ExtraPath entries come from [extensions] paths.
	ExtraPath
	// Rock entries come from [extensions] rocks.
	Rock
)

func (o Origin) String() string {
	return [...]string{"canonical", "path", "rock"}[o]
}

// Entry is one extension source: a single .lua file, a folder with
// init.lua, or a rock's module.
type Entry struct {
	// Name identifies the entry for precedence and allow/deny: the file
	// name without .lua, the folder name, or the rock name.
	Name   string
	Layer  string
	Origin Origin
	// FS holds the entry's files; Main and every Module.File are paths
	// inside it. A bundle supplies an FS of precompiled chunks here.
	FS fs.FS
	// Main is the file evaluated for the entry.
	Main Module
	// Modules are what the entry's code may require besides the usual
	// package.path: for a folder entry every .lua file below it (siblings
	// of init.lua, "a.b" for a/b.lua); for a single file the
	// underscore-prefixed helpers beside it (the _std.lua pattern).
	Modules []Module
	// Folder is true for a folder-with-init.lua entry.
	Folder bool
}

// Module is one requirable file.
type Module struct {
	// Name is what require() takes ("util", "sub.part", "_std").
	Name string
	// File is the path inside the entry's FS, slash-separated.
	File string
	// Source is the path shown in messages and used as the chunk name:
	// relative to the working directory when below it, ~/... below home,
	// else absolute.
	Source string
}

// Resource is a non-Lua file of a layer (skills/, prompts, data files an
// extension reads through panto.ext.dirs).
type Resource struct {
	Path string // relative to the layer folder, slash-separated
	Size int64
}

// Shadow records an entry hidden by a higher-precedence one of the same
// name.
type Shadow struct {
	Entry, By *Entry
}
