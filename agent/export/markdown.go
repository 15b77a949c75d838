package export

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"panto/agent/conv"
)

// A markdown export keeps the model's text as it was written (it is
// markdown already) and puts everything verbatim that is not (tool
// arguments and output, thinking, summaries) in fenced code blocks
// whose fence is longer than any run of backticks inside, so no content
// can close its block early.

func writeMarkdown(w io.Writer, s *Session) error {
	b := bufio.NewWriter(w)
	title := "panto session"
	if s.ID != "" {
		title += " " + s.ID
	}
	b.WriteString("# " + title + "\n\n")
	item := func(k, v string) {
		if v != "" {
			b.WriteString("- " + k + ": " + v + "\n")
		}
	}
	if s.Directory != "" {
		item("Folder", code(s.Directory))
	}
	if s.Model != "" {
		item("Model", code(s.Model))
	}
	item("Exported", stamp(s.Exported))
	item("Messages", strconv.Itoa(len(s.Messages)+s.Omitted))
	item("Cost", costTotal(s.Costs))
	b.WriteString("\n")
	if s.Omitted > 0 {
		b.WriteString("*" + strconv.Itoa(s.Omitted) + " earlier messages were summarised and are not part of this export.*\n\n")
	}
	res := results(s.Messages)
	called := calledIDs(s.Messages)
	for i := range s.Messages {
		m := &s.Messages[i]
		if m.Role == conv.Tool && called[m.ToolCallID] {
			continue
		}
		mdMessage(b, m, res)
	}
	b.WriteString("## Cost\n\n")
	for _, c := range s.Costs {
		name, tokens, cost := costRow(c)
		b.WriteString("- " + code(name) + ": " + tokens + "; " + cost + "\n")
	}
	b.WriteString("\nTotal: " + costTotal(s.Costs) + "\n")
	return b.Flush()
}

func mdMessage(b *bufio.Writer, m *conv.Message, res map[string]*conv.Message) {
	name := roleNames[m.Role]
	if name == "" {
		name = string(m.Role)
	}
	b.WriteString("## " + name + "\n\n")
	var about []string
	if t := stamp(m.Time); t != "" {
		about = append(about, t)
	}
	if m.Role == conv.Assistant {
		if u := usageLine(m); u != "" {
			about = append(about, u)
		}
	}
	if len(about) > 0 {
		b.WriteString("*" + escapeEmphasis(strings.Join(about, " · ")) + "*\n\n")
	}
	switch m.Role {
	case conv.Compaction, conv.System:
		fenced(b, "", m.Text())
	case conv.Tool:
		label := "Result of " + code(m.ToolName)
		if m.IsError {
			label += " (error)"
		}
		b.WriteString("**" + label + "**\n\n")
		fenced(b, "", m.Text())
	default:
		for _, blk := range m.Blocks {
			switch blk.Type {
			case conv.Text:
				if blk.Text != "" {
					b.WriteString(strings.TrimRight(blk.Text, "\n") + "\n\n")
				}
			case conv.Thinking:
				switch {
				case blk.Redacted || (blk.Text == "" && blk.Data != ""):
					b.WriteString("*(thinking the provider keeps private)*\n\n")
				case blk.Text != "":
					b.WriteString("**Thinking**\n\n")
					fenced(b, "", blk.Text)
				}
			case conv.Image:
				b.WriteString("*(an attached image of type " + code(blk.MediaType) + ")*\n\n")
			case conv.ToolCall:
				r := res[blk.ID]
				label := "Tool " + code(blk.Name)
				switch {
				case r == nil:
					label += " (no result)"
				case r.IsError:
					label += " (error)"
				}
				b.WriteString("**" + label + "**\n\n")
				fenced(b, "json", prettyJSON(blk.Arguments))
				if r != nil {
					fenced(b, "", r.Text())
				}
			}
		}
	}
	if m.Role == conv.Assistant {
		switch {
		case m.StopReason == conv.StopCancelled:
			b.WriteString("*⏹ cancelled*\n\n")
		case m.Error != "":
			b.WriteString("**✗ Error:**\n\n")
			fenced(b, "", m.Error)
		case m.StopReason == conv.StopLength:
			b.WriteString("*the answer was cut at the model's output limit*\n\n")
		}
	}
}

// fenced writes text in a fenced code block, the fence one backtick
// longer than the longest run inside (three at least).
func fenced(b *bufio.Writer, lang, text string) {
	fence := strings.Repeat("`", max(3, longestRun(text, '`')+1))
	b.WriteString(fence + lang + "\n" + strings.TrimRight(text, "\n") + "\n" + fence + "\n\n")
}

// code is s as inline code: delimited by one backtick more than its
// longest run, padded when it starts or ends with one.
func code(s string) string {
	d := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return d + strings.ReplaceAll(s, "\n", " ") + d
}

func longestRun(s string, c byte) int {
	best, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
			best = max(best, n)
		} else {
			n = 0
		}
	}
	return best
}

// escapeEmphasis keeps a line of figures from ending its *…* early.
func escapeEmphasis(s string) string {
	return strings.NewReplacer(`\`, `\\`, `*`, `\*`, `_`, `\_`).Replace(s)
}
