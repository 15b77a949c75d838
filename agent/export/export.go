// Package export writes a session as a document a person reads outside
// panto: a self-contained HTML page (inline CSS, no script, no file or
// address it loads) or markdown. Every piece of the session's text, the
// model's and the tools' included, is data: the HTML page escapes all of
// it, so a transcript that holds "</pre><script>" shows those characters
// and runs nothing.
//
// The package knows the conversation model (agent/conv) only; the
// session (agent.Session.Export) gathers what a page shows and names the
// file.
package export

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"panto/agent/conv"
)

// Session is what an export shows.
type Session struct {
	ID        string
	Directory string // the project folder
	Model     string // provider:alias, when known
	Exported  time.Time
	// Messages are the current branch from its start, compaction
	// summaries in their place.
	Messages []conv.Message
	// Omitted counts earlier messages that were not available (a
	// session without a store keeps only what the model still sees).
	Omitted int
	// Costs is the session's usage and cost by model.
	Costs []conv.Spend
}

// Format is the kind of document written.
type Format int

const (
	HTML Format = iota
	Markdown
)

// FormatFor picks the format from a file name: markdown for .md and
// .markdown, HTML otherwise.
func FormatFor(path string) Format {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".md", ".markdown":
		return Markdown
	}
	return HTML
}

// DefaultName is the file an export without a name writes, in the
// project folder: panto-session-<id>.html, as pi writes
// pi-session-<id>.html.
func DefaultName(id string) string {
	if id == "" {
		id = "unsaved"
	}
	return "panto-session-" + id + ".html"
}

// Write writes s to w in format f.
func Write(w io.Writer, s *Session, f Format) error {
	if f == Markdown {
		return writeMarkdown(w, s)
	}
	return writeHTML(w, s)
}

// writeDoc is Write; a test replaces it with one that fails part way.
var writeDoc = Write

// WriteFile writes s to path in the format its name asks for. The
// document is written to a temporary file beside path and renamed onto
// it once complete, so a failure leaves no partial file (and an older
// export at path as it was).
func WriteFile(path string, s *Session) (err error) {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("export: %s is a folder: name a file in it", path)
	}
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, ".panto-export-*")
	if err != nil {
		return fmt.Errorf("export: cannot write in %s: %w", dir, unwrapPath(err))
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := writeDoc(tmp, s, FormatFor(path)); err != nil {
		return fmt.Errorf("export: writing %s: %w", path, unwrapPath(err))
	}
	if err := tmp.Chmod(0o644); err != nil {
		return fmt.Errorf("export: %w", unwrapPath(err))
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("export: writing %s: %w", path, unwrapPath(err))
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("export: cannot write %s: %w", path, unwrapPath(err))
	}
	return nil
}

// unwrapPath drops the temporary file's name from an error: the message
// names the file the user asked for.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	if le, ok := err.(*os.LinkError); ok {
		return le.Err
	}
	return err
}

// results maps each tool call id to the message that answers it, so a
// call and its result are shown together.
func results(msgs []conv.Message) map[string]*conv.Message {
	m := map[string]*conv.Message{}
	for i := range msgs {
		if msgs[i].Role == conv.Tool && msgs[i].ToolCallID != "" {
			m[msgs[i].ToolCallID] = &msgs[i]
		}
	}
	return m
}

// calledIDs are the tool call ids the assistant messages make, so a
// result whose call is not shown is shown on its own.
func calledIDs(msgs []conv.Message) map[string]bool {
	ids := map[string]bool{}
	for _, m := range msgs {
		if m.Role != conv.Assistant {
			continue
		}
		for _, b := range m.Blocks {
			if b.Type == conv.ToolCall {
				ids[b.ID] = true
			}
		}
	}
	return ids
}

// usageLine is an assistant message's figures: model, tokens, cost.
func usageLine(m *conv.Message) string {
	var parts []string
	if m.Model != "" {
		parts = append(parts, m.Model)
	}
	if u := m.Usage; u != nil {
		parts = append(parts, fmt.Sprintf("%d in · %d out", u.Input, u.Output))
		if u.CacheRead > 0 || u.CacheWrite > 0 {
			parts = append(parts, fmt.Sprintf("%d cache read · %d cache write", u.CacheRead, u.CacheWrite))
		}
		if u.Cost != nil {
			parts = append(parts, conv.FormatUSD(u.Cost.Total()))
		}
	}
	return strings.Join(parts, " · ")
}

// costTotal is the session's cost line: the total of the priced
// responses, "at least" when some had no price, or that no price is
// known.
func costTotal(costs []conv.Spend) string {
	total, priced, unpriced := 0.0, false, 0
	for _, c := range costs {
		if c.Usage.Cost != nil {
			total += c.Usage.Cost.Total()
			priced = true
		}
		unpriced += c.Unpriced
	}
	switch {
	case len(costs) == 0:
		return "no model responses"
	case !priced:
		return "unknown: no price is known for the models used"
	case unpriced > 0:
		return "at least " + conv.FormatUSD(total) + " (some responses have no known price)"
	}
	return conv.FormatUSD(total)
}

// costRow is one model's line in the cost table.
func costRow(c conv.Spend) (name, tokens, cost string) {
	name = c.Model
	if c.Provider != "" {
		name = c.Provider + " · " + c.Model
	}
	u := c.Usage
	tokens = fmt.Sprintf("%d response%s · %d input, %d output, %d cache read, %d cache write tokens",
		c.Responses, plural(c.Responses), u.Input, u.Output, u.CacheRead, u.CacheWrite)
	switch {
	case u.Cost == nil:
		cost = "no price known"
	case c.Unpriced > 0:
		cost = "at least " + conv.FormatUSD(u.Cost.Total())
	default:
		cost = conv.FormatUSD(u.Cost.Total())
	}
	return name, tokens, cost
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// stamp is a message's time as the page shows it (UTC), "" when unknown.
func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02 15:04:05 UTC")
}
