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
