package host

import (
	"context"
	"strings"

	"panto/runtime"
)

// The session side of the event catalogue: what a session calls as a
// conversation goes, so extensions see the spec's events. Each method
// fires its event and returns what handlers changed, if anything.

// UserMessage fires user_message; handlers may rewrite the text, and the
// text to send is returned with the message's block.
func (h *Host) UserMessage(ctx context.Context, text string) (string, *Block) {
	final := text
	b := h.newBlock("user_message", h.textChunks("user_message", &final))
	f := h.fire(ctx, "user_message", b, fieldValues{"text": str(text)})
	final = f["text"].AsString()
	return final, b
}

// TextStream is a thinking or assistant-text block being streamed.
type TextStream struct {
	h     *Host
	kind  string // "thinking" or "assistant_text"
	Text  string
	Block *Block
	// buf accumulates Text without copying it for every delta.
	buf strings.Builder
}

// BeginThinking starts a reasoning block.
func (h *Host) BeginThinking() *TextStream { return h.beginText("thinking") }

// BeginAssistantText starts an assistant text block.
func (h *Host) BeginAssistantText() *TextStream { return h.beginText("assistant_text") }

func (h *Host) beginText(kind string) *TextStream {
	s := &TextStream{h: h, kind: kind}
	s.Block = h.newBlock(kind, h.textChunks(kind, &s.Text))
	return s
}

// Delta appends a chunk and fires <kind>_delta with the chunk and the
// accumulated text.
func (s *TextStream) Delta(ctx context.Context, delta string) {
	s.buf.WriteString(delta)
	s.Text = s.buf.String()
	s.Block.touch()
	s.h.fire(ctx, s.kind+"_delta", s.Block, fieldValues{"delta": str(delta), "text": str(s.Text)})
}

// DeltaOf is Delta for a caller that accumulates the text itself: whole
// is the text so far, ending with delta, and becomes Text as it is (no
// copy is made: a long answer is held once).
func (s *TextStream) DeltaOf(ctx context.Context, delta, whole string) {
	s.Text = whole
	s.Block.touch()
	s.h.fire(ctx, s.kind+"_delta", s.Block, fieldValues{"delta": str(delta), "text": str(s.Text)})
}

// Complete fires <kind>_complete with the whole text (no delta).
func (s *TextStream) Complete(ctx context.Context) {
	s.h.fire(ctx, s.kind+"_complete", s.Block, fieldValues{"text": str(s.Text)})
}

// TurnStart fires turn_start for the 1-based turn number.
func (h *Host) TurnStart(ctx context.Context, turn int) {
	h.fire(ctx, "turn_start", nil, fieldValues{"turn": runtime.Int(int64(turn))})
}

// TurnEnd fires turn_end; err is nil for a turn that completed.
func (h *Host) TurnEnd(ctx context.Context, turn int, err error) {
	f := fieldValues{"turn": runtime.Int(int64(turn)), "ok": runtime.Bool(err == nil)}
	if err != nil {
		f["error"] = str(err.Error())
	}
	h.fire(ctx, "turn_end", nil, f)
}

// Emit fires a custom event (no fields, no component), as
// panto.ext.emit does: the session's submission notifier fires
// agent_submission this way.
func (h *Host) Emit(ctx context.Context, name string) {
	if h.vm == nil {
		return
	}
	h.fire(ctx, name, nil, nil)
}
