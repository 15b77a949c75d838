package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"sort"
	"sync"

	"panto/diag"
)

// MCPJSONName is the project file in which Claude Code keeps a project's
// MCP servers; panto reads it too, so a project set up for one works in
// the other.
const MCPJSONName = ".mcp.json"

// mcpJSON is the file's shape: {"mcpServers": {"NAME": {...}}}.
type mcpJSON struct {
	MCPServers map[string]mcpJSONServer `json:"mcpServers"`
}

type mcpJSONServer struct {
	// Type is "stdio" (the default when command is set), "http", or
	// "sse" (the older transport, which panto does not speak).
	Type    string            `json:"type"`
	Command string            `json:"command"`
	Args    []string          `json:"args"`
	Env     map[string]string `json:"env"`
	URL     string            `json:"url"`
	Headers map[string]string `json:"headers"`
}

// ParseMCPJSON reads a .mcp.json file as a config file holding only its
// [mcp] servers. ${VAR} and ${VAR:-default} in command, args, env, url and
// headers are replaced from getenv, as Claude Code does. A file that is
// not JSON of that shape is an error with its line and column; a server
// panto cannot use is a warning, and the others load.
func ParseMCPJSON(path string, data []byte, getenv func(string) string) (*File, diag.List, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	if len(data) > MaxSize {
		return nil, nil, &diag.Diagnostic{File: path, Message: fmt.Sprintf("%d bytes: a .mcp.json is limited to %d", len(data), MaxSize)}
	}
	var raw mcpJSON
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, nil, jsonError(path, data, err)
	}
	f := &File{Path: path}
	var warns diag.List
	names := make([]string, 0, len(raw.MCPServers))
	for name := range raw.MCPServers {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		js := raw.MCPServers[name]
		warn := func(format string, a ...any) {
			warns.Add(diag.Diagnostic{File: path, Line: lineOf(data, name), Message: fmt.Sprintf("mcpServers.%s: ", name) + fmt.Sprintf(format, a...), Severity: diag.Warning})
		}
		switch js.Type {
		case "", "stdio", "http", "streamable-http":
		case "sse":
			warn("the sse transport is not supported; panto speaks stdio and streamable HTTP (type \"http\")")
			continue
		default:
			warn("unknown type %q (stdio or http)", js.Type)
			continue
		}
		expand := func(s string) string { return expandEnv(s, getenv) }
		s := MCPServer{Command: expand(js.Command), URL: expand(js.URL), Source: path}
		for _, a := range js.Args {
			s.Args = append(s.Args, expand(a))
		}
		s.Env = expandMap(js.Env, expand)
		s.Headers = expandMap(js.Headers, expand)
		if !checkMCPServer(name, &s, warn) {
			continue
		}
		if f.MCP.Servers == nil {
			f.MCP.Servers = map[string]MCPServer{}
		}
		f.MCP.Servers[name] = s
	}
	return f, warns, nil
}

// ReadMCPJSON is ParseMCPJSON of the file at path; a missing file is
// (nil, nil, nil).
func ReadMCPJSON(path, display string, getenv func(string) string) (*File, diag.List, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, &diag.Diagnostic{File: display, Message: err.Error()}
	}
	return ParseMCPJSON(display, data, getenv)
}

func expandMap(m map[string]string, expand func(string) string) map[string]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = expand(v)
	}
	return out
}

// envRef is ${NAME} or ${NAME:-default}.
var envRefOnce struct {
	sync.Once
	v *regexp.Regexp
}

func envRef() *regexp.Regexp {
	envRefOnce.Do(func() {
		envRefOnce.v = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}`)
	})
	return envRefOnce.v
}

// expandEnv replaces ${NAME} and ${NAME:-default}; an unset variable
// without a default is empty.
func expandEnv(s string, getenv func(string) string) string {
	return envRef().ReplaceAllStringFunc(s, func(ref string) string {
		m := envRef().FindStringSubmatch(ref)
		if v := getenv(m[1]); v != "" {
			return v
		}
		return m[2]
	})
}

// jsonError is a decode error with the line and column of the offset
// where it was found, when the decoder gives one.
func jsonError(path string, data []byte, err error) *diag.Diagnostic {
	var offset int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		offset = se.Offset
	case errors.As(err, &te):
		offset = te.Offset
	}
	d := &diag.Diagnostic{File: path, Message: "not a .mcp.json file ({\"mcpServers\": {...}}): " + err.Error()}
	if offset >= 0 && offset <= int64(len(data)) {
		lines := diag.NewFile(path, string(data))
		// The offset is just past what failed; step back onto it.
		pos := max(offset-1, 0)
		d.Line, d.Column = lines.Line(diag.Pos(pos)), lines.Column(diag.Pos(pos))
	}
	return d
}

// lineOf is the line of the first `"name"` key in data (0 when absent),
// for a warning about one server.
func lineOf(data []byte, name string) int {
	key, _ := json.Marshal(name)
	i := bytes.Index(data, key)
	if i < 0 {
		return 0
	}
	return bytes.Count(data[:i], []byte("\n")) + 1
}
