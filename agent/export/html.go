package export

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"html"
	"io"
	"strconv"

	"panto/agent/conv"
)

// pageStyle is the page's only styling, inline: the page loads nothing.
const pageStyle = `
:root { color-scheme: light dark; --fg: #1f2328; --bg: #ffffff; --muted: #656d76; --line: #d0d7de;
  --user: #eef6ff; --tool: #f6f8fa; --err: #cf222e; --think: #8250df; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6edf3; --bg: #0d1117; --muted: #8d96a0; --line: #30363d;
    --user: #10243d; --tool: #161b22; --err: #ff7b72; --think: #d2a8ff; }
}
body { margin: 0 auto; max-width: 60rem; padding: 1.5rem; color: var(--fg); background: var(--bg);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
header { border-bottom: 1px solid var(--line); margin-bottom: 1rem; }
h1 { font-size: 1.3rem; margin: 0 0 .5rem; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: .1rem 1rem; margin: 0 0 1rem; }
dl.meta dt { color: var(--muted); }
dl.meta dd { margin: 0; overflow-wrap: anywhere; }
.msg { margin: 1rem 0; padding: .6rem .9rem; border-radius: 6px; border: 1px solid var(--line); }
.msg.user { background: var(--user); }
.role { font-weight: 600; font-size: .85rem; color: var(--muted); display: flex; gap: .6rem; }
.role time, .usage { font-weight: normal; color: var(--muted); font-size: .8rem; }
.text, pre { white-space: pre-wrap; overflow-wrap: anywhere; }
pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; margin: .4rem 0;
  padding: .5rem .7rem; background: var(--tool); border-radius: 4px; }
details { margin: .4rem 0; }
summary { cursor: pointer; color: var(--muted); }
details.thinking summary { color: var(--think); }
details.tool { border-left: 3px solid var(--line); padding-left: .6rem; }
details.tool.failed { border-left-color: var(--err); }
.error { color: var(--err); }
.note { color: var(--muted); font-style: italic; }
img { max-width: 100%; }
table.cost { border-collapse: collapse; margin: .5rem 0 1rem; }
table.cost td, table.cost th { border-bottom: 1px solid var(--line); padding: .2rem .8rem .2rem 0; text-align: left; }
`

// htmlWriter writes the page; esc is the only way text reaches it.
type htmlWriter struct {
	w   *bufio.Writer
	err error
}

func (h *htmlWriter) raw(s string) {
	if h.err == nil {
		_, h.err = h.w.WriteString(s)
	}
}

// esc writes s as text, escaped for an element's content or a quoted
// attribute value.
func (h *htmlWriter) esc(s string) { h.raw(html.EscapeString(s)) }

// tag writes <name class="class">text</name>.
func (h *htmlWriter) tag(name, class, text string) {
	h.raw("<" + name)
	if class != "" {
		h.raw(` class="`)
		h.esc(class)
		h.raw(`"`)
	}
	h.raw(">")
	h.esc(text)
	h.raw("</" + name + ">")
}

func writeHTML(w io.Writer, s *Session) error {
	h := &htmlWriter{w: bufio.NewWriter(w)}
	title := "panto session"
	if s.ID != "" {
		title += " " + s.ID
	}
	h.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	h.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	h.raw("<meta name=\"generator\" content=\"panto\">\n<title>")
	h.esc(title)
	h.raw("</title>\n<style>" + pageStyle + "</style>\n</head>\n<body>\n<header>\n")
	h.tag("h1", "", title)
	h.raw("<dl class=\"meta\">")
	meta := func(k, v string) {
		if v != "" {
			h.tag("dt", "", k)
			h.tag("dd", "", v)
		}
	}
	meta("Folder", s.Directory)
	meta("Model", s.Model)
	meta("Exported", stamp(s.Exported))
	meta("Messages", strconv.Itoa(len(s.Messages)+s.Omitted))
	meta("Cost", costTotal(s.Costs))
	h.raw("</dl>\n</header>\n<main>\n")
	if s.Omitted > 0 {
		h.tag("p", "note", strconv.Itoa(s.Omitted)+" earlier messages were summarised and are not part of this export.")
	}
	res := results(s.Messages)
	called := calledIDs(s.Messages)
	for i := range s.Messages {
		m := &s.Messages[i]
		if m.Role == conv.Tool && called[m.ToolCallID] {
			continue // shown with its call
		}
		h.message(m, res)
	}
	h.raw("</main>\n<footer>\n<h2>Cost</h2>\n")
	if len(s.Costs) > 0 {
		h.raw("<table class=\"cost\"><tr><th>model</th><th>usage</th><th>cost</th></tr>")
		for _, c := range s.Costs {
			name, tokens, cost := costRow(c)
			h.raw("<tr>")
			h.tag("td", "", name)
			h.tag("td", "", tokens)
			h.tag("td", "", cost)
			h.raw("</tr>")
		}
		h.raw("</table>\n")
	}
	h.tag("p", "", "Total: "+costTotal(s.Costs))
	h.raw("\n</footer>\n</body>\n</html>\n")
	if h.err != nil {
		return h.err
	}
	return h.w.Flush()
}

// roleNames are the headings of the messages.
var roleNames = map[conv.Role]string{
	conv.User: "You", conv.Assistant: "Assistant", conv.Tool: "Tool result",
	conv.System: "System", conv.Compaction: "Summary of the earlier conversation",
}

func (h *htmlWriter) message(m *conv.Message, res map[string]*conv.Message) {
	name := roleNames[m.Role]
	if name == "" {
		name = string(m.Role)
	}
	h.raw("<section class=\"msg ")
	h.esc(string(m.Role))
	h.raw("\">\n<div class=\"role\">")
	h.tag("span", "", name)
	if t := stamp(m.Time); t != "" {
		h.tag("time", "", t)
	}
	if m.Role == conv.Assistant {
		if u := usageLine(m); u != "" {
			h.tag("span", "usage", u)
		}
	}
	h.raw("</div>\n")
	switch m.Role {
	case conv.Compaction:
		h.raw("<details><summary>")
		if m.TokensBefore > 0 {
			h.esc("it replaced about " + strconv.FormatInt(m.TokensBefore, 10) + " tokens")
		} else {
			h.esc("the summary")
		}
		h.raw("</summary>")
		h.tag("pre", "", m.Text())
		h.raw("</details>\n")
	case conv.System:
		h.raw("<details><summary>instructions</summary>")
		h.tag("pre", "", m.Text())
		h.raw("</details>\n")
	case conv.Tool:
		h.toolResult(m)
	default:
		h.blocks(m, res)
	}
	if m.Role == conv.Assistant {
		switch {
		case m.StopReason == conv.StopCancelled:
			h.tag("p", "note", "⏹ cancelled")
		case m.Error != "":
			h.tag("p", "error", "✗ "+m.Error)
		case m.StopReason == conv.StopLength:
			h.tag("p", "note", "the answer was cut at the model's output limit")
		}
	}
	h.raw("</section>\n")
}

func (h *htmlWriter) blocks(m *conv.Message, res map[string]*conv.Message) {
	for _, b := range m.Blocks {
		switch b.Type {
		case conv.Text:
			if b.Text != "" {
				h.tag("div", "text", b.Text)
			}
		case conv.Thinking:
			if b.Redacted || (b.Text == "" && b.Data != "") {
				h.tag("p", "note", "(thinking the provider keeps private)")
				continue
			}
			if b.Text == "" {
				continue
			}
			h.raw("<details class=\"thinking\"><summary>thinking</summary>")
			h.tag("pre", "", b.Text)
			h.raw("</details>\n")
		case conv.Image:
			h.image(b)
		case conv.ToolCall:
			h.toolCall(b, res[b.ID])
		}
	}
}

// imageTypes are the media types a page shows inline; any other image
// is named, not embedded.
var imageTypes = map[string]bool{"image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true}

func (h *htmlWriter) image(b conv.Block) {
	if imageTypes[b.MediaType] {
		if _, err := base64.StdEncoding.DecodeString(b.Data); err == nil {
			h.raw("<img alt=\"attached image\" src=\"data:")
			h.esc(b.MediaType)
			h.raw(";base64,")
			h.esc(b.Data)
			h.raw("\">\n")
			return
		}
	}
	h.tag("p", "note", "(an attached image of type "+strconv.Quote(b.MediaType)+")")
}

func (h *htmlWriter) toolCall(b conv.Block, result *conv.Message) {
	class := "tool"
	if result != nil && result.IsError {
		class += " failed"
	}
	h.raw("<details class=\"")
	h.raw(class)
	h.raw("\" open><summary>")
	h.esc("tool " + b.Name)
	if result == nil {
		h.esc(" (no result)")
	} else if result.IsError {
		h.esc(" (error)")
	}
	h.raw("</summary>")
	h.tag("pre", "args", prettyJSON(b.Arguments))
	if result != nil {
		h.tag("pre", "result", result.Text())
	}
	h.raw("</details>\n")
}

func (h *htmlWriter) toolResult(m *conv.Message) {
	label := "result of " + m.ToolName
	if m.IsError {
		label += " (error)"
	}
	h.tag("p", "note", label)
	h.tag("pre", "result", m.Text())
}

// prettyJSON indents a tool call's arguments; text that is not JSON is
// shown as it is.
func prettyJSON(s string) string {
	var b bytes.Buffer
	if json.Indent(&b, []byte(s), "", "  ") != nil {
		return s
	}
	return b.String()
}
