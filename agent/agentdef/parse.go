// Package agentdef reads subagent definitions: markdown files with a
// YAML front matter (name, description, tools, model, reasoning) whose
// body is the subagent's system prompt. The format is Claude Code's
// (.claude/agents/NAME.md), so a definition written for it works when
// copied into a panto layer's agents/ folder; keys panto does not use
// (color, permissionMode, ...) are accepted and ignored.
//
// The front matter is read with go.yaml.in/yaml/v3: definitions are
// written by hand in real YAML (quoted strings, block scalars, flow and
// block lists), and a subset parser would reject some of what Claude
// Code accepts.
package agentdef

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"
)

// Definition is one subagent definition.
type Definition struct {
	// Name is what the task tool's subagent_type names (the file's name
	// without .md when the front matter has none).
	Name string
	// Description says when to use the subagent; the task tool lists it.
	Description string
	// Tools are the tools the subagent may call, as written (Claude
	// Code's names are mapped when it runs, see ToolName); nil means
	// every tool of the session (but the task tool beyond the depth
	// limit).
	Tools []string
	// Model is a model reference ("provider:alias" or an alias); "" and
	// "inherit" run on the parent's model.
	Model string
	// Reasoning is the reasoning label ("" inherits the parent's).
	Reasoning string
	// Prompt is the system prompt: the body after the front matter.
	Prompt string
	// Source is where it came from: "builtin", a layer's name ("base",
	// "user", "project", "local", "bundle"), or "extension" for one an
	// extension registered.
	Source string
	// File is the definition's file ("" for built-in and registered ones).
	File string
}

// Error is a definition that cannot be read, at file:line:col.
type Error struct {
	File      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

var validNameOnce struct {
	sync.Once
	v *regexp.Regexp
}

// validName is what a definition's name may be: what a model can type
// as subagent_type without quoting trouble.
func validName() *regexp.Regexp {
	validNameOnce.Do(func() { validNameOnce.v = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.:-]*$`) })
	return validNameOnce.v
}

// maxFile bounds a definition: a system prompt, not a document.
const maxFile = 256 << 10

// Parse reads one definition from data; file names it in errors and
// gives the name when the front matter has none.
func Parse(file string, data []byte) (*Definition, error) {
	if len(data) > maxFile {
		return nil, &Error{file, 1, 1, fmt.Sprintf("the file is %d bytes; a definition may be at most %d", len(data), maxFile)}
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	head, body, ok := split(text)
	if !ok {
		return nil, &Error{file, 1, 1, "a definition starts with a front matter: a line ---, then name: and description:, then a line ---"}
	}
	d := &Definition{File: file, Prompt: strings.TrimSpace(body)}
	if err := d.readFront(file, head); err != nil {
		return nil, err
	}
	if d.Name == "" {
		d.Name = strings.TrimSuffix(path.Base(strings.ReplaceAll(file, "\\", "/")), ".md")
	}
	if !validName().MatchString(d.Name) {
		return nil, &Error{file, 2, 1, fmt.Sprintf("name %q must be letters, digits, '-', '_', '.' or ':'", d.Name)}
	}
	return d, nil
}

// split cuts the front matter (between the first two --- lines) from the
// body.
func split(text string) (head, body string, ok bool) {
	if !strings.HasPrefix(text, "---\n") {
		return "", "", false
	}
	rest := text[4:]
	if strings.HasPrefix(rest, "---\n") || rest == "---" {
		return "", strings.TrimPrefix(rest[3:], "\n"), true
	}
	i := strings.Index(rest, "\n---\n")
	if i < 0 {
		if strings.HasSuffix(rest, "\n---") {
			return rest[:len(rest)-4], "", true
		}
		return "", "", false
	}
	return rest[:i], rest[i+5:], true
}

var yamlLineOnce struct {
	sync.Once
	v *regexp.Regexp
}

// yamlLine finds the line in yaml.v3's messages ("yaml: line 3: ...").
func yamlLine() *regexp.Regexp {
	yamlLineOnce.Do(func() { yamlLineOnce.v = regexp.MustCompile(`^yaml: line (\d+): `) })
	return yamlLineOnce.v
}

// readFront decodes the front matter; its first line is the file's
// second.
func (d *Definition) readFront(file, head string) error {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(head), &doc); err != nil {
		msg, line := err.Error(), 0
		if m := yamlLine().FindStringSubmatch(msg); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = msg[len(m[0]):]
		}
		msg = strings.TrimPrefix(msg, "yaml: ")
		return &Error{file, line + 1, 1, "front matter: " + msg}
	}
	if len(doc.Content) == 0 {
		return nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return nodeErr(file, root, "the front matter must be key: value lines")
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		var err error
		switch k.Value {
		case "name":
			d.Name, err = scalar(file, k.Value, v)
		case "description":
			d.Description, err = scalar(file, k.Value, v)
		case "model":
			d.Model, err = scalar(file, k.Value, v)
		case "reasoning":
			d.Reasoning, err = scalar(file, k.Value, v)
		case "tools":
			d.Tools, err = toolList(file, v)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// nodeErr is an error at a node of the front matter.
func nodeErr(file string, n *yaml.Node, format string, args ...any) error {
	return &Error{file, n.Line + 1, n.Column, fmt.Sprintf(format, args...)}
}

func scalar(file, key string, v *yaml.Node) (string, error) {
	if v.Kind != yaml.ScalarNode {
		return "", nodeErr(file, v, "%s must be a string", key)
	}
	if v.Tag == "!!null" {
		return "", nil
	}
	return strings.TrimSpace(v.Value), nil
}

// toolList reads tools as Claude Code accepts them: a comma-separated
// string ("Read, Grep, Glob") or a list.
func toolList(file string, v *yaml.Node) ([]string, error) {
	var raw []string
	switch v.Kind {
	case yaml.ScalarNode:
		if v.Tag == "!!null" {
			return nil, nil
		}
		raw = strings.Split(v.Value, ",")
	case yaml.SequenceNode:
		for _, item := range v.Content {
			if item.Kind != yaml.ScalarNode {
				return nil, nodeErr(file, item, "each tool must be a name")
			}
			raw = append(raw, item.Value)
		}
	default:
		return nil, nodeErr(file, v, "tools must be a comma-separated string or a list of names")
	}
	out := []string{}
	for _, t := range raw {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out, nil
}

// claudeTool maps Claude Code's tool names onto panto's standard ones,
// so the tools line of a copied definition keeps its meaning.
func claudeTool(name string) (string, bool) {
	switch name {
	case "Read":
		return "read", true
	case "Write":
		return "write", true
	case "Edit", "MultiEdit":
		return "edit", true
	case "Bash":
		return "shell", true
	case "Grep":
		return "grep", true
	case "Glob":
		return "find", true
	case "LS":
		return "ls", true
	case "Task", "Agent":
		return "task", true
	case "TodoWrite":
		return "todo", true
	case "WebFetch":
		return "web_fetch", true
	}
	return "", false
}

// ToolName is the panto tool a definition's tool name means: Claude
// Code's names map to panto's (Bash is shell, Glob is find, ...); other
// names are taken as written.
func ToolName(name string) string {
	if n, ok := claudeTool(name); ok {
		return n
	}
	// Claude Code allows a rule in parentheses (Bash(git:*)): the tool is
	// the part before it.
	if i := strings.IndexByte(name, '('); i > 0 && strings.HasSuffix(name, ")") {
		return ToolName(name[:i])
	}
	return name
}
