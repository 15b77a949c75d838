package mcp

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"panto/host"
)

// ToolPrefix starts the name of every tool an MCP server provides:
// mcp__NAME__TOOL, the form Claude Code uses, so permission rules written
// for it (mcp__github__create_issue, mcp__github) read the same here.
const ToolPrefix = "mcp__"

// maxToolName is the host's limit on a tool name.
const maxToolName = 64

// ToolName is the panto name of a server's tool: characters a tool name
// cannot hold become '_', and the name is cut at 64 bytes.
func ToolName(server, tool string) string {
	n := ToolPrefix + server + "__" + sanitize(tool)
	if len(n) > maxToolName {
		n = n[:maxToolName]
	}
	return n
}

// sanitize keeps letters, digits, '_' and '-' and turns anything else
// into '_'.
func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			return r
		}
		return '_'
	}, s)
}

// permissiveSchema validates any object: what a tool gets whose own
// schema panto's validator cannot compile (the model still sees the
// server's schema).
const permissiveSchema = `{"type":"object"}`

// makeTools turns a server's tool list into host tools, with notes on
// the ones that collide or whose schema cannot be used for validation.
func (s *server) makeTools(listed []*sdk.Tool) ([]*host.Tool, []string) {
	var tools []*host.Tool
	var notes []string
	seen := map[string]string{}
	for _, t := range listed {
		name := ToolName(s.name, t.Name)
		if prev, dup := seen[name]; dup {
			notes = append(notes, fmt.Sprintf("tool %q skipped: its panto name %s is taken by %q", t.Name, name, prev))
			continue
		}
		seen[name] = t.Name
		schema := schemaJSON(t.InputSchema)
		desc := t.Description
		if desc == "" {
			desc = t.Title
		}
		remote := t.Name
		tool, err := host.NewNativeTool(name, desc, schema, s.effects(), "mcp:"+s.name, func(ctx context.Context, in string) host.NativeResult {
			return s.callTool(ctx, name, remote, in)
		})
		if err != nil {
			notes = append(notes, fmt.Sprintf("tool %q: its input schema cannot be used to check calls (%v); calls are checked as any object", t.Name, err))
			tool, err = host.NewNativeTool(name, desc, permissiveSchema, s.effects(), "mcp:"+s.name, func(ctx context.Context, in string) host.NativeResult {
				return s.callTool(ctx, name, remote, in)
			})
			if err != nil {
				notes = append(notes, fmt.Sprintf("tool %q skipped: %v", t.Name, err))
				continue
			}
			tool.SchemaJSON = schema
		}
		tools = append(tools, tool)
	}
	return tools, notes
}

// schemaJSON encodes a tool's input schema; a missing one, or one that
// is not an object, is the empty object schema.
func schemaJSON(schema any) string {
	if schema == nil {
		return permissiveSchema
	}
	b, err := json.Marshal(schema)
	if err != nil || len(b) == 0 || b[0] != '{' {
		return permissiveSchema
	}
	return string(b)
}

// effects are what every tool of the server declares to the permission
// rules. A server's own hints (readOnlyHint, destructiveHint) are
// advice from the server, not something panto can check, so they do not
// loosen the decision: a stdio server's tool runs code on this machine
// (execute), an http server's reaches the network (network). Both ask in
// the default mode, until a rule (mcp__NAME__*, mcp__NAME) allows them.
func (s *server) effects() []string {
	if s.cfg.URL != "" {
		return []string{"network"}
	}
	return []string{"execute"}
}

// callTool calls a tool and turns its result into what the model reads;
// a call that got no result (a timeout, a dead server) is a tool error
// too.
func (s *server) callTool(ctx context.Context, name, remote, inputJSON string) host.NativeResult {
	res, err := s.callRemote(ctx, name, remote, inputJSON)
	if err != nil {
		return host.NativeResult{Text: err.Error(), IsError: true}
	}
	return res
}

// callRemote calls the server's tool remote; the error is for a call
// that got no result.
func (s *server) callRemote(ctx context.Context, name, remote, inputJSON string) (host.NativeResult, error) {
	var args map[string]any
	if err := json.Unmarshal([]byte(inputJSON), &args); err != nil {
		return host.NativeResult{}, fmt.Errorf("%s: input: %v", name, err)
	}
	var res *sdk.CallToolResult
	err := s.call(ctx, name, func(ctx context.Context, cs *sdk.ClientSession) error {
		var err error
		res, err = cs.CallTool(ctx, &sdk.CallToolParams{Name: remote, Arguments: args})
		return err
	})
	if err != nil {
		return host.NativeResult{}, err
	}
	return resultOf(res), nil
}

// Call calls tool (its name on the server) of server with input (a JSON
// object, checked against the tool's schema first), for Go code and
// extensions that call a server's tool themselves. The error is for a
// call that did not run or got no result; a result the server marked as
// an error has IsError set.
func (m *Manager) Call(ctx context.Context, server, tool, inputJSON string) (host.NativeResult, error) {
	s := m.server(server)
	if s == nil {
		return host.NativeResult{}, m.unknownServer(server)
	}
	if _, err := s.session(); err != nil {
		return host.NativeResult{}, err
	}
	name := ToolName(server, tool)
	t := m.NativeTool(name)
	if t == nil {
		st := s.status()
		return host.NativeResult{}, fmt.Errorf("MCP server %q has no tool %q (tools: %s)", server, tool, strings.Join(st.Tools, ", "))
	}
	if inputJSON == "" || inputJSON == "[]" {
		inputJSON = "{}"
	}
	if err := t.Validate(inputJSON); err != nil {
		return host.NativeResult{}, fmt.Errorf("invalid input for %s: %v", name, err)
	}
	return s.callRemote(ctx, name, tool, inputJSON)
}

// maxResultText bounds the text of one result: a server that returns a
// whole database would otherwise fill the model's context in one call.
const maxResultText = 100_000

// resultOf is a tool result as panto's: text parts joined, images as
// attachments, other content described in a line, the structured content
// when there is nothing else, isError as a tool error.
func resultOf(r *sdk.CallToolResult) host.NativeResult {
	out := host.NativeResult{IsError: r.IsError}
	var parts []string
	for _, c := range r.Content {
		text, att := contentOf(c)
		if text != "" {
			parts = append(parts, text)
		}
		if att != nil {
			out.Attachments = append(out.Attachments, *att)
		}
	}
	if len(parts) == 0 && r.StructuredContent != nil {
		if b, err := json.Marshal(r.StructuredContent); err == nil {
			parts = append(parts, string(b))
		}
	}
	out.Text = strings.Join(parts, "\n")
	if len(out.Text) > maxResultText {
		out.Text = out.Text[:maxResultText] + fmt.Sprintf("\n[result cut at %d of %d bytes]", maxResultText, len(out.Text))
	}
	if out.Text == "" && len(out.Attachments) == 0 {
		out.Text = "(no content)"
	}
	return out
}

// contentOf is one content part as text or an attachment.
func contentOf(c sdk.Content) (string, *host.Attachment) {
	switch c := c.(type) {
	case *sdk.TextContent:
		return c.Text, nil
	case *sdk.ImageContent:
		return "", &host.Attachment{MediaType: c.MIMEType, Data: base64.StdEncoding.EncodeToString(c.Data)}
	case *sdk.AudioContent:
		return fmt.Sprintf("[audio %s, %d bytes, not shown]", c.MIMEType, len(c.Data)), nil
	case *sdk.ResourceLink:
		return fmt.Sprintf("[resource %s%s]", c.URI, describeLink(c.Name, c.MIMEType)), nil
	case *sdk.EmbeddedResource:
		return resourceText(c.Resource)
	}
	return fmt.Sprintf("[content of type %T, not shown]", c), nil
}

func describeLink(name, mime string) string {
	var bits []string
	if name != "" {
		bits = append(bits, name)
	}
	if mime != "" {
		bits = append(bits, mime)
	}
	if len(bits) == 0 {
		return ""
	}
	return " (" + strings.Join(bits, ", ") + ")"
}

// resourceText is a resource's contents: its text, an image blob as an
// attachment, another blob described.
func resourceText(r *sdk.ResourceContents) (string, *host.Attachment) {
	if r == nil {
		return "", nil
	}
	switch {
	case r.Text != "":
		return fmt.Sprintf("[resource %s]\n%s", r.URI, r.Text), nil
	case strings.HasPrefix(r.MIMEType, "image/"):
		return fmt.Sprintf("[resource %s]", r.URI), &host.Attachment{MediaType: r.MIMEType, Data: base64.StdEncoding.EncodeToString(r.Blob)}
	}
	return fmt.Sprintf("[resource %s: %d bytes of %s, not shown]", r.URI, len(r.Blob), orUnknown(r.MIMEType)), nil
}

func orUnknown(s string) string {
	if s == "" {
		return "binary data"
	}
	return s
}
