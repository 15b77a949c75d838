package host

import (
	"strconv"
	"strings"

	"panto/tui/termtext"
	"panto/tui/theme"
)

// The native components are the defaults a TUI shows for each block.
// They return content chunks like a Lua component, so they go through the
// same render pipeline and a wrapper can extend them.

// collapsedLines is how much output a collapsed tool block shows.
const collapsedLines = 3

// expandedLines bounds an expanded tool block; the full output stays
// available to the model either way.
const expandedLines = 40

func (h *Host) theme() *theme.Theme { return h.themes.Active(h.cfg.UI.Theme) }

func paint(t *theme.Theme, role, text string) string {
	sgr := t.Styles[role]
	if sgr == "" || text == "" {
		return text
	}
	return sgr + text + termtext.Reset
}

// nativeTool renders a tool call: a header with the name and the
// arguments on one line, then the output (or the state of the call).
func (tc *ToolCall) nativeChunks(width int) []string {
	t := tc.h.theme()
	name := tc.Name
	if name == "" {
		name = "tool #" + strconv.Itoa(tc.Index)
	}
	header := paint(t, "accent", "●") + " " + paint(t, "tool", name)
	if args := oneLine(tc.InputJSON); args != "" && width > termtext.Width(name)+4 {
		header += paint(t, "muted", "("+termtext.Truncate(args, width-termtext.Width(name)-5)+")")
	}
	chunks := []string{header}
	switch {
	case !tc.done && tc.dispatched && tc.stream.total > 0:
		// What the handler streamed so far: its last lines.
		lines := strings.Split(strings.TrimRight(tc.stream.text(), "\n"), "\n")
		if len(lines) > collapsedLines {
			lines = lines[len(lines)-collapsedLines:]
		}
		for i, l := range lines {
			prefix := "    "
			if i == 0 {
				prefix = "  ⎿ "
			}
			chunks = append(chunks, prefix+l)
		}
	case !tc.done && tc.dispatched:
		chunks = append(chunks, "  ⎿ "+paint(t, "muted", "running…"))
	case tc.done:
		lines := strings.Split(strings.TrimRight(tc.Output, "\n"), "\n")
		limit := expandedLines
		if tc.collapsed {
			limit = collapsedLines
		}
		more := 0
		if len(lines) > limit {
			lines, more = lines[:limit], len(lines)-limit
		}
		role := ""
		if !tc.OK {
			role = "error"
		}
		for i, l := range lines {
			prefix := "    "
			if i == 0 {
				prefix = "  ⎿ "
			}
			chunks = append(chunks, prefix+paint(t, role, l))
		}
		if more > 0 {
			chunks = append(chunks, "    "+paint(t, "muted", "… +"+strconv.Itoa(more)+" lines"))
		}
	}
	return chunks
}

// oneLine squeezes text onto one line for a header.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// textChunks renders a thinking, assistant or user block.
func (h *Host) textChunks(kind string, text *string) func(int) []string {
	return func(int) []string {
		t := h.theme()
		switch kind {
		case "thinking":
			return []string{paint(t, "comment", *text)}
		case "user_message":
			return []string{paint(t, "accent", "> ") + *text}
		}
		return []string{*text}
	}
}
