package conv

import (
	"strings"
)

// Conversation is one branch of a session's message tree, root first:
// what a model sees (through Active) and what a transcript shows. It is
// not safe for concurrent use; the session owns it.
type Conversation struct {
	Messages []Message
	// Offloaded counts the branch's messages that precede Messages but
	// are no longer held (ForgetCompacted): they are in the session
	// store.
	Offloaded int
}

// ForgetCompacted drops the messages the latest compaction summary
// replaced, keeping system messages (they make the system prompt), and
// returns how many went. What remains still gives the same Active and
// Transcript.
func (c *Conversation) ForgetCompacted() int {
	k := c.LastCompaction()
	if k < 0 {
		return 0
	}
	f := c.indexOf(c.Messages[k].FirstKept, k)
	if f < 0 {
		f = k
	}
	dropped := 0
	for i := 0; i < f; i++ {
		if c.Messages[i].Role != System {
			dropped++
		}
	}
	if dropped == 0 {
		return 0
	}
	// A new array, so the dropped messages' memory can be collected.
	kept := make([]Message, 0, len(c.Messages)-dropped+16)
	for i := 0; i < f; i++ {
		if c.Messages[i].Role == System {
			kept = append(kept, c.Messages[i])
		}
	}
	c.Messages = append(kept, c.Messages[f:]...)
	c.Offloaded += dropped
	return dropped
}

// Len is the number of messages, compaction summaries included.
func (c *Conversation) Len() int { return len(c.Messages) }

// Append adds a message at the end and returns its index.
func (c *Conversation) Append(m Message) int {
	c.Messages = append(c.Messages, m)
	return len(c.Messages) - 1
}

// Last returns the last message, or nil.
func (c *Conversation) Last() *Message {
	if len(c.Messages) == 0 {
		return nil
	}
	return &c.Messages[len(c.Messages)-1]
}

// Snapshot is a deep copy of the messages.
func (c *Conversation) Snapshot() []Message {
	out := make([]Message, len(c.Messages))
	for i, m := range c.Messages {
		out[i] = m.Clone()
	}
	return out
}

// SystemPrompt joins the text of the system messages, in order.
func (c *Conversation) SystemPrompt() string {
	var parts []string
	for i := range c.Messages {
		if c.Messages[i].Role == System {
			parts = append(parts, c.Messages[i].Text())
		}
	}
	return strings.Join(parts, "\n\n")
}

// LastCompaction returns the index of the latest compaction summary, or
// -1.
func (c *Conversation) LastCompaction() int {
	for i := len(c.Messages) - 1; i >= 0; i-- {
		if c.Messages[i].Role == Compaction {
			return i
		}
	}
	return -1
}

// SummaryPrefix introduces a compaction summary where the model reads it.
const SummaryPrefix = "The earlier part of this conversation was compacted into this summary:\n\n"

// Active is what the next request sends: system messages left out (the
// system prompt travels on its own), and when the conversation was
// compacted, the latest summary (as a user message) followed by the
// messages it kept and everything after it. Earlier summaries are part
// of what the latest one replaced.
func (c *Conversation) Active() []Message {
	k := c.LastCompaction()
	var out []Message
	add := func(ms []Message) {
		for _, m := range ms {
			if m.Role != System && m.Role != Compaction {
				out = append(out, m)
			}
		}
	}
	if k < 0 {
		add(c.Messages)
		return out
	}
	sum := c.Messages[k]
	out = append(out, Message{Role: User, Blocks: []Block{TextBlock(SummaryPrefix + sum.Text())}, Time: sum.Time})
	if f := c.indexOf(sum.FirstKept, k); f >= 0 {
		add(c.Messages[f:k])
	}
	add(c.Messages[k+1:])
	return out
}

// indexOf finds the message with id among the first n messages.
func (c *Conversation) indexOf(id string, n int) int {
	if id == "" {
		return -1
	}
	for i := 0; i < n; i++ {
		if c.Messages[i].ID == id {
			return i
		}
	}
	return -1
}

// Transcript is the labelled plain text of the conversation as the
// model would now see it: compaction-aware (the latest summary stands
// for what it replaced), system messages omitted. Each message starts
// with its label ("User:", "Assistant:", "Tool result (name):",
// "Summary:"); tool calls show their name and arguments.
func (c *Conversation) Transcript() string {
	var b strings.Builder
	k := c.LastCompaction()
	from := 0
	if k >= 0 {
		writeEntry(&b, "Summary", c.Messages[k].Text())
		if f := c.indexOf(c.Messages[k].FirstKept, k); f >= 0 {
			for i := f; i < k; i++ {
				writeMessage(&b, &c.Messages[i])
			}
		}
		from = k + 1
	}
	for i := from; i < len(c.Messages); i++ {
		writeMessage(&b, &c.Messages[i])
	}
	return strings.TrimRight(b.String(), "\n")
}

func writeMessage(b *strings.Builder, m *Message) {
	switch m.Role {
	case System, Compaction:
		return
	case User:
		writeEntry(b, "User", blocksText(m.Blocks))
	case Assistant:
		if t := blocksText(m.Blocks); t != "" {
			writeEntry(b, "Assistant", t)
		}
		for _, call := range m.ToolCalls() {
			args := call.Arguments
			if args == "" {
				args = "{}"
			}
			writeEntry(b, "Tool call ("+call.Name+")", args)
		}
		if m.Error != "" {
			writeEntry(b, "Error", m.Error)
		}
	case Tool:
		label := "Tool result (" + m.ToolName + ")"
		if m.IsError {
			label = "Tool error (" + m.ToolName + ")"
		}
		writeEntry(b, label, blocksText(m.Blocks))
	}
}

// blocksText is a message's text with attachments named in place.
func blocksText(blocks []Block) string {
	var parts []string
	for _, bl := range blocks {
		switch bl.Type {
		case Text:
			parts = append(parts, bl.Text)
		case Image:
			mt := bl.MediaType
			if mt == "" {
				mt = "attachment"
			}
			parts = append(parts, "["+mt+"]")
		}
	}
	return strings.Join(parts, "\n")
}

func writeEntry(b *strings.Builder, label, text string) {
	b.WriteString(label)
	b.WriteString(":")
	if strings.Contains(text, "\n") {
		b.WriteString("\n")
	} else if text != "" {
		b.WriteString(" ")
	}
	b.WriteString(text)
	b.WriteString("\n\n")
}
