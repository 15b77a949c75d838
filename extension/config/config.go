// Package config reads a layer's config.toml: which extensions to allow,
// deny or add ([extensions]), which model providers exist ([providers.*])
// and which model the session uses ([models]). Files are read with
// BurntSushi/toml; keys this schema does not know are reported as
// warnings naming the file, never ignored silently, because a misspelt key
// (alow = [...]) otherwise looks exactly like a setting that had no effect.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"panto/diag"
)

// File is one parsed config.toml.
type File struct {
	// Path is where the file was read from (for messages).
	Path string `toml:"-"`
	// Dir is the folder of the layer the file belongs to, set by whoever
	// reads it (discovery, a bundle's setup): relative paths in the file
	// (a provider's script) resolve against it.
	Dir string `toml:"-"`
	// Project is true for a file from a project's tree (its
	// .panto/config.toml or .panto/local/config.toml), set by discovery:
	// such a file is untrusted input, and Merge keeps its providers away
	// from the credentials the user configured (see Merge).
	Project bool `toml:"-"`
	// Root is the project folder of a Project file.
	Root string `toml:"-"`
	// Builtin is true for a layer panto supplies below every file (the
	// model catalogue, a detected local server): its providers are
	// defaults that a file's table of the same name extends instead of
	// replacing, and its [models] default counts only when no file
	// names or implies one (see Merge).
	Builtin    bool                `toml:"-"`
	Extensions Extensions          `toml:"extensions"`
	Providers  map[string]Provider `toml:"providers"`
	Models     Models              `toml:"models"`
	UI         UI                  `toml:"ui"`
	// Permissions is the [permissions] table (docs/permissions.md).
	Permissions Permissions `toml:"permissions"`
	// Trust is the [trust] table, honoured in the user's own files only.
	Trust Trust `toml:"trust"`
	// Sandbox is the [sandbox] table (docs/security.md).
	Sandbox Sandbox `toml:"sandbox"`
	// MCP is the [mcp] table: MCP servers (docs/mcp.md).
	MCP MCP `toml:"-"`
	// Bone is the [bone] table (docs/bone.md).
	Bone Bone `toml:"bone"`
	// Subagents is the [subagents] table (docs/subagents.md).
	Subagents Subagents `toml:"subagents"`
	// Hooks is the [hooks] table and the hooks.json beside the file, in
	// Claude Code's format (docs/hooks.md).
	Hooks Hooks `toml:"hooks"`
}

// Subagents is the [subagents] table: how deep subagents (the task
// tool's) may nest.
type Subagents struct {
	// MaxDepth bounds the nesting (0: the session's default).
	MaxDepth int `toml:"max_depth"`
}

// Bone is the [bone] table: whether the user's ~/.bone-rust/init.lua
// runs in panto's bone compatibility layer (docs/bone.md).
type Bone struct {
	// Init is nil when no file sets it: then the file runs when it
	// exists. false keeps it from running.
	Init *bool `toml:"init"`
}

// Extensions is the [extensions] table: it controls discovery and
// activation.
type Extensions struct {
	// Allow, when not empty, keeps only the extensions whose file name or
	// declared name matches one of its patterns (path.Match syntax).
	Allow []string `toml:"allow"`
	// Deny drops the extensions whose file name or declared name matches;
	// deny beats allow.
	Deny []string `toml:"deny"`
	// Paths are extra places to load extensions from, relative to the
	// project directory: a folder laid out like extensions/, a single .lua
	// file, or a folder with init.lua.
	Paths []string `toml:"paths"`
	// Rocks are module names installed with luarocks under the data home's
	// rocks tree; each must return an entry like any extension source.
	Rocks []string `toml:"rocks"`
}

// Models is the [models] table.
type Models struct {
	// Default is the session's model reference, "provider:alias".
	Default string `toml:"default"`
	// Reasoning is the default reasoning label.
	Reasoning string `toml:"reasoning"`
}

// Permissions is the [permissions] table: the permission mode and the
// rules every tool call is judged by. The rules are read by package
// permission, which reports a bad one naming this file.
type Permissions struct {
	// Mode is default, accept-edits, plan or yolo ("" leaves it to a
	// lower layer or the default).
	Mode string `toml:"mode"`
	// Allow, Ask and Deny are rules: a tool name, optionally with a
	// pattern for its path or command ("shell(git status*)").
	Allow []string `toml:"allow"`
	Ask   []string `toml:"ask"`
	Deny  []string `toml:"deny"`
}

// UI is the [ui] table.
type UI struct {
	// Theme is the name of the active theme (see panto.ext.style).
	Theme string `toml:"theme"`
}

// Read parses the config.toml at path. A missing file is not an error:
// it returns (nil, nil, nil). A file that cannot be parsed returns a
// *diag.Diagnostic naming the file, line and column; unknown keys and
// values that cannot be right come back as warnings.
func Read(path string) (*File, diag.List, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	return Parse(path, data)
}

// Parse parses config text read from path (the path as messages show it).
func Parse(path string, data []byte) (*File, diag.List, error) {
	var raw struct {
		Extensions  Extensions              `toml:"extensions"`
		Providers   map[string]providerTOML `toml:"providers"`
		Models      Models                  `toml:"models"`
		UI          UI                      `toml:"ui"`
		Permissions Permissions             `toml:"permissions"`
		Trust       Trust                   `toml:"trust"`
		Sandbox     Sandbox                 `toml:"sandbox"`
		Bone        Bone                    `toml:"bone"`
		Subagents   Subagents               `toml:"subagents"`
		MCP         mcpTOML                 `toml:"mcp"`
		Hooks       Hooks                   `toml:"hooks"`
	}
	if d := checkBounds(path, data); d != nil {
		return nil, nil, d
	}
	md, err := toml.Decode(string(data), &raw)
	if err != nil {
		return nil, nil, parseError(path, data, err)
	}
	f := &File{Path: path, Extensions: raw.Extensions, Models: raw.Models, UI: raw.UI, Permissions: raw.Permissions, Trust: raw.Trust, Sandbox: raw.Sandbox, Bone: raw.Bone, Subagents: raw.Subagents}
	var warns diag.List
	var idx keyIndex // built on the first warning that needs a line
	keyLine := func(k toml.Key) int {
		if idx == nil {
			idx = newKeyIndex(data)
		}
		return idx.line(k)
	}
	for _, name := range sortedKeys(raw.Providers) {
		if f.Providers == nil {
			f.Providers = map[string]Provider{}
		}
		f.Providers[name] = raw.Providers[name].provider(md, name, func(key []string, format string, a ...any) {
			k := toml.Key(key)
			warns.Add(diag.Diagnostic{File: path, Line: keyLine(k), Message: k.String() + ": " + fmt.Sprintf(format, a...), Severity: diag.Warning})
		})
	}
	f.MCP = raw.MCP.mcp(md, path, func(key []string, format string, a ...any) {
		k := toml.Key(key)
		warns.Add(diag.Diagnostic{File: path, Line: keyLine(k), Message: k.String() + ": " + fmt.Sprintf(format, a...), Severity: diag.Warning})
	})
	for _, k := range md.Undecoded() {
		msg := fmt.Sprintf("unknown key %q", k.String())
		if s := suggestKey(reflect.TypeOf(raw), k); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		warns.Add(diag.Diagnostic{File: path, Line: keyLine(k), Message: msg, Severity: diag.Warning})
	}
	f.Hooks = raw.Hooks.check(func(format string, a ...any) {
		warns.Add(diag.Diagnostic{File: path, Message: fmt.Sprintf(format, a...), Severity: diag.Warning})
	})
	warns = append(warns, f.validate()...)
	return f, warns, nil
}

// ParseLayer is what discovery and the host do with a layer's
// config.toml, from a folder or from a bundle. A file that cannot be
// parsed is an error (a *diag.Diagnostic naming the file, line and
// column): it used to be skipped with a warning, and a session then ran
// without the providers or rules the user wrote, which looked like the
// settings had no effect. The warnings are Parse's.
func ParseLayer(path string, data []byte) (*File, diag.List, error) {
	f, warns, err := Parse(path, data)
	if err != nil {
		var d *diag.Diagnostic
		if !errors.As(err, &d) {
			d = &diag.Diagnostic{File: path, Message: err.Error()}
		}
		d.Severity = diag.Error
		return nil, nil, d
	}
	return f, warns, nil
}

var decodeErrorREOnce struct {
	sync.Once
	v *regexp.Regexp
}

// decodeErrorRE matches the reader's message for a value of the wrong
// type.
func decodeErrorRE() *regexp.Regexp {
	decodeErrorREOnce.Do(func() { decodeErrorREOnce.v = regexp.MustCompile(`^line (\d+) \(last key "([^"]*)"\): (.*)$`) })
	return decodeErrorREOnce.v
}

// parseError turns the TOML reader's error into a diagnostic. The reader
// reports a line and the byte offset where it stopped; the column comes
// from that offset when it lies on the reported line. After some
// unexpected newlines the reader has already counted the next line while
// the offset still points at the newline: the position is then the
// newline's, at the end of the line the user has to fix.
func parseError(path string, data []byte, err error) *diag.Diagnostic {
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		msg := strings.TrimPrefix(err.Error(), "toml: ")
		// A value of the wrong type comes back as "line N (last key
		// "k"): what": the line goes where every message has it.
		if m := decodeErrorRE().FindStringSubmatch(msg); m != nil {
			line, _ := strconv.Atoi(m[1])
			return &diag.Diagnostic{File: path, Line: line, Column: valueColumn(path, data, line, m[2]), Message: m[2] + ": " + m[3]}
		}
		return &diag.Diagnostic{File: path, Message: msg}
	}
	d := &diag.Diagnostic{File: path, Line: pe.Position.Line, Message: strings.TrimPrefix(pe.Message, "toml: ")}
	if start := pe.Position.Start; start >= 0 && start <= len(data) {
		lines := diag.NewFile(path, string(data))
		at := lines.Line(diag.Pos(start))
		if at == d.Line-1 && start < len(data) && data[start] == '\n' {
			d.Line = at
		}
		if at == d.Line {
			d.Column = lines.Column(diag.Pos(start))
		}
	}
	return d
}

// valueColumn is the column where the value of key (dotted, its last
// segment written on the line) starts on line, or 0 when the line does
// not hold "key = value" (the key inside an inline table, say): the
// reader names a wrong-typed value's line and key, not its column.
func valueColumn(path string, data []byte, line int, key string) int {
	seg := key[strings.LastIndex(key, ".")+1:]
	re, err := regexp.Compile(`^\s*(?:[^=#]*\.\s*)?["']?` + regexp.QuoteMeta(seg) + `["']?\s*=\s*`)
	if err != nil || line < 1 {
		return 0
	}
	start := 0
	for n := 1; n < line; n++ {
		i := bytes.IndexByte(data[start:], '\n')
		if i < 0 {
			return 0
		}
		start += i + 1
	}
	text := data[start:]
	if i := bytes.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	loc := re.FindIndex(text)
	if loc == nil || loc[1] >= len(bytes.TrimRight(text, " \t\r")) {
		return 0
	}
	return diag.NewFile(path, string(data)).Column(diag.Pos(start + loc[1]))
}

// validate reports values that parse but cannot be right.
func (f *File) validate() diag.List {
	var warns diag.List
	add := func(format string, a ...any) {
		warns.Add(diag.Diagnostic{File: f.Path, Message: fmt.Sprintf(format, a...), Severity: diag.Warning})
	}
	for _, name := range sortedKeys(f.Providers) {
		if strings.Contains(name, ":") {
			add("providers.%s: a provider name cannot contain ':'", name)
		}
	}
	if d := f.Models.Default; d != "" && !strings.Contains(d, ":") {
		add("models.default %q is not a \"provider:alias\" reference", d)
	}
	f.Sandbox.validate(add)
	for _, list := range [][]string{f.Extensions.Allow, f.Extensions.Deny} {
		for _, p := range list {
			if !validPattern(p) {
				add("extensions: bad name pattern %q", p)
			}
		}
	}
	return warns
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
