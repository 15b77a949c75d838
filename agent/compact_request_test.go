package agent

import (
	"context"
	"strings"
	"testing"
)

// TestCompactionRequestAsksForTextOnly: the summary request tells the
// provider to call no tool (tool_choice none) and hands an extension
// protocol the transcript being summarised, so a protocol that cannot
// send messages of its own can still summarise.
func TestCompactionRequestAsksForTextOnly(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": luaProtoConfig,
		"extensions/proto.lua": `local panto = require("panto")
seen = {}
return { name = "p", activate = function()
  panto.ext.register_protocol {
    name = "demo",
    open = function(req)
      seen[#seen + 1] = req.purpose .. " choice=" .. tostring(req.tool_choice) .. " transcript=" .. tostring(req.history_transcript)
      local queue = { { type = "text_delta", text = req.purpose == "compaction" and "SUMMARY" or "answer" }, { type = "done" } }
      return { next = function() return table.remove(queue, 1) end }
    end,
  }
end }`,
	})
	ts.prompt("first question " + long)
	ts.prompt("second question " + long)
	if err := ts.Compact(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	ts.noProblems()
	seen := ts.Host().State().Lua().GetGlobal("seen").AsTable()
	var compaction string
	for i := int64(1); i <= seen.Len(); i++ {
		if s := seen.GetInt(i).AsString(); strings.HasPrefix(s, "compaction") {
			compaction = s
		}
	}
	if !strings.Contains(compaction, "choice=none") {
		t.Errorf("the summary request does not forbid tools: %q", compaction)
	}
	if !strings.Contains(compaction, "first question") || !strings.Contains(compaction, "answer") {
		t.Errorf("the summary request lacks the transcript: %q", compaction)
	}
}

// TestCompactionTranscriptKeepsShortToolResults: a tool result shorter
// than the cut reaches the summary request whole, with no mark saying
// it was cut; only long results are shortened.
func TestCompactionTranscriptKeepsShortToolResults(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml":    luaProtoConfig,
		"tools/echo.lua": echoTool,
		"extensions/proto.lua": `local panto = require("panto")
return { name = "p", activate = function()
  panto.ext.register_protocol {
    name = "demo",
    open = function(req)
      local queue
      if req.purpose == "compaction" then
        transcript = req.history_transcript
        queue = { { type = "text_delta", text = "SUMMARY" }, { type = "done" } }
      elseif req.messages[#req.messages].role == "tool" then
        queue = { { type = "text_delta", text = "noted" }, { type = "done" } }
      else
        queue = { { type = "tool_call", id = "e", name = "echo", input_json = '{"message":"short result"}' }, { type = "done" } }
      end
      return { next = function() return table.remove(queue, 1) end }
    end,
  }
end }`,
	})
	ts.prompt("first " + long)
	ts.prompt("second " + long)
	if err := ts.Compact(context.Background(), ""); err != nil {
		t.Fatal(err)
	}
	ts.noProblems()
	transcript := ts.Host().State().Lua().GetGlobal("transcript").AsString()
	if !strings.Contains(transcript, "echo: short result") {
		t.Fatalf("the summary request lacks the tool result:\n%s", transcript)
	}
	if strings.Contains(transcript, "cut for the summary") {
		t.Errorf("a short tool result is marked as cut:\n%s", transcript)
	}
}
