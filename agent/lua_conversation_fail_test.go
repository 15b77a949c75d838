package agent

import (
	"context"
	"errors"
	"testing"
	"time"

	"panto/agent/store"
)

// failingCompactions is the session's own recorder except that saving a
// compaction fails, as a full disk would fail it.
type failingCompactions struct{ recorder }

func (f failingCompactions) Append(e *store.Entry) error {
	if e.Type == store.TypeCompaction {
		return errors.New("disk full")
	}
	return f.recorder.Append(e)
}

// TestExtensionCompactionSaveFailure: a summary an extension records
// that cannot be saved is an error to the extension (agent:compact
// returns nil, err; conversation():compaction raises), and the agent's
// conversation stays as it was: a summary held only in memory would
// vanish at the next resume, and what it replaced with it.
func TestExtensionCompactionSaveFailure(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/s.lua": `local panto = require("panto")
return { name = "s", activate = function()
  panto.ext.register_command { name = "compact-with", description = "d", handler = function()
    local ok, err = panto.ext.agent:compact { summary = "first part" }
    return tostring(ok) .. " " .. tostring(err)
  end }
  panto.ext.register_command { name = "record", description = "d", handler = function()
    local ok, err = pcall(function() panto.ext.agent:conversation():compaction("second part") end)
    return tostring(ok) .. " " .. tostring(err)
  end }
end }`,
		"turns.jsonl": `{"text": "a1"}
{"expect": {"messages": 3, "user": "q2"}, "text": "a2"}
`,
	})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if res := ts.prompt("q1"); res.Text != "a1" {
		t.Fatalf("result %+v", res)
	}
	a := ts.Agent()
	a.mu.Lock()
	if a.rec == nil {
		a.mu.Unlock()
		t.Fatal("the session agent has no recorder")
	}
	a.rec = failingCompactions{a.rec}
	a.mu.Unlock()
	for _, c := range []struct{ cmd, want string }{
		{"/compact-with", "nil disk full"},
		{"/record", "false extensions/s.lua:8: compaction: disk full"},
	} {
		out, err := ts.Host().RunCommand(ctx, c.cmd)
		if err != nil || out != c.want {
			t.Errorf("%s: %q %v, want %q", c.cmd, out, err, c.want)
		}
		if n := a.Conversation().Len(); n != 2 {
			t.Errorf("after %s the conversation holds %d messages, want the 2 it had", c.cmd, n)
		}
	}
	// The next request still carries the whole conversation.
	if res := ts.prompt("q2"); res.Text != "a2" {
		t.Fatalf("result %+v", res)
	}
}
