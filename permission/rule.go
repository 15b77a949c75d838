package permission

import (
	"fmt"
	"path"
	"regexp"
	"strings"
	"sync"
)

// Rule is one allow, ask or deny rule: a tool name, and optionally a
// pattern its subject (path or command) must match.
type Rule struct {
	Decision Decision
	// Tool is the tool's name, or a pattern of names (see MatchesTool).
	Tool string
	// Pattern is the subject pattern; HasPattern tells "tool()" (which
	// matches only an empty subject) from "tool".
	Pattern    string
	HasPattern bool
	// Source says where the rule came from, for messages: a config
	// file, "--allow", "this session".
	Source string
}

var toolNameOnce struct {
	sync.Once
	v *regexp.Regexp
}

// toolName is what a tool may be called (the host's registration rule),
// with '*' for a rule that names several.
func toolName() *regexp.Regexp {
	toolNameOnce.Do(func() { toolNameOnce.v = regexp.MustCompile(`^[A-Za-z0-9_*-]{1,64}$`) })
	return toolNameOnce.v
}

// mcpPrefix starts the names of MCP servers' tools (mcp__SERVER__TOOL).
const mcpPrefix = "mcp__"

// MatchesTool reports whether the rule names tool: its name exactly; a
// pattern where '*' stands for any characters (mcp__github__*, *); or,
// as in Claude Code, mcp__SERVER alone for every tool of that MCP server.
func (r Rule) MatchesTool(tool string) bool {
	switch {
	case r.Tool == tool:
		return true
	case strings.Contains(r.Tool, "*"):
		ok, _ := path.Match(r.Tool, tool)
		return ok
	case strings.HasPrefix(r.Tool, mcpPrefix) && !strings.Contains(r.Tool[len(mcpPrefix):], "__"):
		return strings.HasPrefix(tool, r.Tool+"__")
	}
	return false
}

// ParseRule reads "tool" or "tool(pattern)". The decision and the source
// are the caller's to set.
func ParseRule(text string) (Rule, error) {
	s := strings.TrimSpace(text)
	name, pat, hasPat := s, "", false
	if i := strings.IndexByte(s, '('); i >= 0 {
		if !strings.HasSuffix(s, ")") {
			return Rule{}, fmt.Errorf("rule %q: a pattern ends with ')' (as in shell(git status*))", text)
		}
		name, pat, hasPat = strings.TrimSpace(s[:i]), s[i+1:len(s)-1], true
	}
	if !toolName().MatchString(name) {
		if name == "" {
			return Rule{}, fmt.Errorf("rule %q: no tool name (a rule is TOOL or TOOL(PATTERN), as in write(src/**))", text)
		}
		return Rule{}, fmt.Errorf("rule %q: %q is not a tool name (1 to 64 letters, digits, '_' or '-', and '*' for any characters)", text, name)
	}
	return Rule{Tool: name, Pattern: pat, HasPattern: hasPat}, nil
}

// String is the rule as it is written.
func (r Rule) String() string {
	if !r.HasPattern {
		return r.Tool
	}
	return r.Tool + "(" + r.Pattern + ")"
}

// ParseRules reads a list of rules with one decision and source.
func ParseRules(d Decision, source string, texts []string) ([]Rule, error) {
	out := make([]Rule, 0, len(texts))
	for _, t := range texts {
		r, err := ParseRule(t)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", source, err)
		}
		r.Decision, r.Source = d, source
		out = append(out, r)
	}
	return out, nil
}
