package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"panto/host"
)

// The resource tools, offered while a connected server has resources:
// the model lists what the servers offer, then reads one by URI, as
// Claude Code's ListMcpResourcesTool and ReadMcpResourceTool do.
const (
	ListResourcesTool = "list_mcp_resources"
	ReadResourceTool  = "read_mcp_resource"
)

const listResourcesSchema = `{"type":"object","properties":{"server":{"type":"string","description":"Only this server's resources (default: every server's)."}},"additionalProperties":false}`

const readResourceSchema = `{"type":"object","properties":{"server":{"type":"string","description":"The server that offers the resource."},"uri":{"type":"string","description":"The resource's URI, as list_mcp_resources gives it."}},"required":["server","uri"],"additionalProperties":false}`

// resourceTools makes the two tools. Reading a resource reads data the
// server offers for reading, so they declare the read effect (which the
// default mode allows); rules can still ask or deny them by name.
func (m *Manager) resourceTools() []*host.Tool {
	list, err := host.NewNativeTool(ListResourcesTool, "List the resources (files, records, documents) that connected MCP servers offer, with their URIs.",
		listResourcesSchema, []string{"read"}, "mcp", m.listResourcesTool)
	if err != nil {
		panic(err) // a constant schema: a bug
	}
	read, err := host.NewNativeTool(ReadResourceTool, "Read one resource of an MCP server by its URI.",
		readResourceSchema, []string{"read"}, "mcp", m.readResourceTool)
	if err != nil {
		panic(err)
	}
	return []*host.Tool{list, read}
}

// Resource is one resource a server lists.
type Resource struct {
	Server      string `json:"server"`
	URI         string `json:"uri"`
	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty"`
	MIMEType    string `json:"mime_type,omitempty"`
}

// ListResources lists the resources of one server, or of every connected
// server that has resources when name is "".
func (m *Manager) ListResources(ctx context.Context, name string) ([]Resource, error) {
	var out []Resource
	for _, s := range m.servers {
		if name != "" && s.name != name {
			continue
		}
		if name == "" {
			if _, _, res, state := s.offered(); !res || state != Connected {
				continue
			}
		}
		err := s.call(ctx, "listing the resources of "+s.name, func(ctx context.Context, cs *sdk.ClientSession) error {
			for r, err := range cs.Resources(ctx, nil) {
				if err != nil {
					return err
				}
				out = append(out, Resource{Server: s.name, URI: r.URI, Name: r.Name, Description: r.Description, MIMEType: r.MIMEType})
			}
			return nil
		})
		if err != nil {
			return out, err
		}
	}
	if name != "" && m.server(name) == nil {
		return nil, m.unknownServer(name)
	}
	return out, nil
}

// ReadResource reads one resource: its text, or attachments for images.
func (m *Manager) ReadResource(ctx context.Context, name, uri string) (host.NativeResult, error) {
	s := m.server(name)
	if s == nil {
		return host.NativeResult{}, m.unknownServer(name)
	}
	var res *sdk.ReadResourceResult
	err := s.call(ctx, "reading "+uri, func(ctx context.Context, cs *sdk.ClientSession) error {
		var err error
		res, err = cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: uri})
		return err
	})
	if err != nil {
		return host.NativeResult{}, err
	}
	var out host.NativeResult
	var parts []string
	for _, c := range res.Contents {
		text, att := resourceText(c)
		if text != "" {
			parts = append(parts, text)
		}
		if att != nil {
			out.Attachments = append(out.Attachments, *att)
		}
	}
	out.Text = strings.Join(parts, "\n")
	if out.Text == "" && len(out.Attachments) == 0 {
		out.Text = "(empty resource)"
	}
	return out, nil
}

func (m *Manager) unknownServer(name string) error {
	var names []string
	for _, s := range m.servers {
		names = append(names, s.name)
	}
	if len(names) == 0 {
		return fmt.Errorf("unknown MCP server %q (none is configured)", name)
	}
	return fmt.Errorf("unknown MCP server %q (servers: %s)", name, strings.Join(names, ", "))
}

func (m *Manager) listResourcesTool(ctx context.Context, in string) host.NativeResult {
	var args struct{ Server string }
	json.Unmarshal([]byte(in), &args)
	rs, err := m.ListResources(ctx, args.Server)
	if err != nil {
		return host.NativeResult{Text: err.Error(), IsError: true}
	}
	if len(rs) == 0 {
		return host.NativeResult{Text: "no resources"}
	}
	b, _ := json.MarshalIndent(rs, "", "  ")
	return host.NativeResult{Text: string(b)}
}

func (m *Manager) readResourceTool(ctx context.Context, in string) host.NativeResult {
	var args struct{ Server, URI string }
	json.Unmarshal([]byte(in), &args)
	res, err := m.ReadResource(ctx, args.Server, args.URI)
	if err != nil {
		return host.NativeResult{Text: err.Error(), IsError: true}
	}
	return res
}
