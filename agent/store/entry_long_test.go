package store

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"panto/agent/conv"
)

// longMessage is an assistant message whose thinking and text are each
// n bytes or so, with characters JSON escapes among them.
func longMessage(n int) *conv.Message {
	unit := "a <tag> & \"quote\"\n\tcafé\u2028 "
	text := strings.Repeat(unit, n/len(unit)+1)
	return &conv.Message{Role: conv.Assistant, Model: "m", Time: time.UnixMilli(1_700_000_000_000), StopReason: conv.StopEnd,
		Blocks: []conv.Block{
			{Type: conv.Thinking, Text: "think " + text, Signature: "sig"},
			conv.TextBlock(text),
			{Type: conv.ToolCall, ID: "c1", Name: "t", Arguments: `{"x":"<y>"}`},
			conv.TextBlock("short"),
		}}
}

// TestLongMessageLine: a message whose blocks are long is written with
// its text in the line as encoding/json would write it, and reads back
// whole.
func TestLongMessageLine(t *testing.T) {
	m := longMessage(3 * bigString)
	line, err := Marshal(&Entry{Type: TypeMessage, ID: "e1", Timestamp: m.Time, Message: m})
	if err != nil {
		t.Fatal(err)
	}
	if !json.Valid(line) {
		t.Fatalf("not JSON: %.200s", line)
	}
	for _, s := range []string{m.Blocks[0].Text, m.Blocks[1].Text} {
		want, _ := json.Marshal(s)
		if !strings.Contains(string(line), string(want)) {
			t.Errorf("the line lacks the text as Marshal writes it (%d bytes)", len(want))
		}
	}
	var generic struct {
		Message struct {
			Role    string           `json:"role"`
			Content []map[string]any `json:"content"`
			Model   string           `json:"model"`
		} `json:"message"`
	}
	if err := json.Unmarshal(line, &generic); err != nil || generic.Message.Role != "assistant" || generic.Message.Model != "m" || len(generic.Message.Content) != 4 {
		t.Fatalf("envelope: %+v %v", generic.Message.Role, err)
	}
	e, err := Unmarshal(line)
	if err != nil {
		t.Fatal(err)
	}
	got := e.Message
	if len(got.Blocks) != 4 || got.Blocks[0].Text != m.Blocks[0].Text || got.Blocks[0].Signature != "sig" ||
		got.Blocks[1].Text != m.Blocks[1].Text || !sameJSON(got.Blocks[2].Arguments, m.Blocks[2].Arguments) || got.Blocks[3].Text != "short" {
		t.Errorf("read back differently: %d blocks", len(got.Blocks))
	}
}

func sameJSON(a, b string) bool {
	var x, y any
	return json.Unmarshal([]byte(a), &x) == nil && json.Unmarshal([]byte(b), &y) == nil && fmt.Sprint(x) == fmt.Sprint(y)
}

// TestLongMessageAllocatesOnce: writing a long message's line costs
// about the line once. Marshal of the content and then of the entry
// around it allocated five or six times the text.
func TestLongMessageAllocatesOnce(t *testing.T) {
	m := longMessage(8 << 20)
	e := &Entry{Type: TypeMessage, ID: "e1", Timestamp: m.Time, Message: m}
	size := len(m.Blocks[0].Text) + len(m.Blocks[1].Text)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	line, err := appendEntry(nil, e, 1)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	// The escapes make the line about 1.3 times the text.
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > uint64(2*len(line)) {
		t.Errorf("allocated %d MB for a %d MB line of %d MB of text", alloc>>20, len(line)>>20, size>>20)
	}
	if cap(line)-len(line) < 1 {
		t.Errorf("no room left for the newline")
	}
}
