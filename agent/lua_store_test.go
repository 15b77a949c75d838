package agent

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestSpecExamplesSessionsAndTranscripts runs the spec's store example
// as written against the session's own store.
func TestSpecExamplesSessionsAndTranscripts(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/hist.lua": `local panto = require("panto")
return { name = "hist", activate = function()
  panto.ext.register_command { name = "hist", description = "d", handler = function(args)
    local store = panto.file_system_jsonl_store { dir = args }
    local session_id = store:latest().id
    local out = {}
    local conv = store:load(session_id)
    if conv then
      out[#out + 1] = conv:transcript()
      for i, message in ipairs(conv:messages()) do
        local line = i .. " " .. message.role .. " " .. #message.blocks
        if message.usage then line = line .. " " .. message.usage.input .. "/" .. message.usage.output end
        out[#out + 1] = line
      end
    end
    local recent = store:load_messages(session_id, {
      limit = 20, from_end = true, role = "user",
    })
    out[#out + 1] = "recent " .. #recent .. " " .. recent[1].blocks[1].text .. " " .. recent[2].blocks[1].text
    local info = store:list_bounded { limit = 5 }[1]
    out[#out + 1] = string.format("info %s %d %s %s %s", info.id == session_id and "same" or "other",
      info.message_count, info.last_user_message, info.model, info.api_style)
    assert(info.created and info.modified and info.created <= info.modified)
    assert(store:resolve(session_id:sub(1, 8)) == session_id)
    assert(#store:list() == 1 and store:list_bounded(1)[1].id == session_id)
    return table.concat(out, "\n")
  end }
end }`,
		"turns.jsonl": "{\"text\": \"first\", \"usage\": {\"input\": 11, \"output\": 3}}\n{\"text\": \"second\", \"usage\": {\"input\": 13, \"output\": 5}}\n",
	})
	ts.prompt("q1")
	ts.prompt("q2")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/hist "+sessionsDir(ts))
	if err != nil {
		t.Fatal(err)
	}
	want := "User: q1\n\nAssistant: first\n\nUser: q2\n\nAssistant: second\n1 user 1\n2 assistant 1 11/3\n3 user 1\n4 assistant 1 13/5\nrecent 2 q1 q2\ninfo same 4 q2 fake:m script"
	if out != want {
		t.Errorf("/hist:\n%s\nwant:\n%s", out, want)
	}
}

func TestConversationBuildersAndMetadata(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/c.lua": `local panto = require("panto")
return { name = "c", activate = function()
  panto.ext.register_command { name = "c", description = "d", handler = function()
    local conv = panto.conversation()
    conv:system("be brief"):user("hello"):assistant({ { type = "text", text = "hi" }, { type = "tool_call", id = "1", name = "ls", input = { path = "." } } })
    conv:tool_result { tool_call_id = "1", tool_name = "ls", content = "a b" }
    assert(conv:len() == 4 and #conv == 4)
    -- a snapshot's blocks feed back into the builders
    local copy = panto.conversation()
    for _, m in ipairs(conv:messages()) do
      if m.role == "tool" then copy:tool_result { tool_call_id = m.tool_call_id, tool_name = m.tool_name, content = m.blocks }
      else copy[m.role](copy, m.blocks) end
    end
    assert(copy:transcript() == conv:transcript())
    conv:set_message_metadata(2, { pinned = true })
    assert(conv:message_metadata(2).pinned == true and conv:message_metadata(1) == nil)
    local ok, err = pcall(conv.message_metadata, conv, 9)
    assert(not ok and err:find("out of range"))
    conv:compaction("they greeted")
    conv:user("next")
    return conv:transcript()
  end }
  panto.ext.register_command { name = "meta", description = "d", handler = function(args)
    panto.ext.agent:set_message_metadata(1, { tag = args })
    return panto.ext.agent:conversation():message_metadata(1).tag
  end }
end }`,
		"turns.jsonl": "{\"text\": \"answer\"}\n",
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/c")
	if err != nil {
		t.Fatal(err)
	}
	if out != "Summary: they greeted\n\nUser: next" {
		t.Errorf("transcript after compaction: %q", out)
	}
	ts.prompt("q")
	if out, err = ts.Host().RunCommand(ctx, "/meta durable"); err != nil || out != "durable" {
		t.Fatalf("/meta: %q %v", out, err)
	}
	// The metadata is in the stored record too.
	msgs, err := ts.Store().LoadMessages(ts.ID(), storeOpts("tag"))
	if err != nil || len(msgs) != 1 || string(msgs[0].Metadata) != `{"tag":"durable"}` {
		t.Fatalf("stored metadata: %+v %v", msgs, err)
	}
}

// TestCustomStore: a Lua table given as store receives every entry.
func TestCustomStore(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/cs.lua": `local panto = require("panto")
entries = {}
return { name = "cs", activate = function()
  panto.ext.register_command { name = "cs", description = "d", handler = function()
    local store = { append = function(self, id, e) entries[#entries + 1] = e.type .. ":" .. (e.message and e.message.role or "") end,
                    create = function(self) return "custom-1" end }
    local cfg = assert(panto.ext.resolve_model {})
    local a = panto.agent { config = cfg, store = store }
    for _ in a:run("hi"):events() do end
    return a:session_id()
  end }
end }`,
		"turns.jsonl": "{\"text\": \"yo\"}\n",
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/cs")
	if err != nil || out != "custom-1" {
		t.Fatalf("/cs: %q %v", out, err)
	}
	ts.RunLoop(ctx, func() bool { return len(luaGlobalList(t, ts, "entries")) >= 3 })
	if got := strings.Join(luaGlobalList(t, ts, "entries"), " "); got != "message:user message:assistant panto_summary:" {
		t.Errorf("entries %q", got)
	}
}

// TestSpecDemoProvider runs the spec's register_protocol example.
func TestSpecDemoProvider(t *testing.T) {
	ts := newSession(t, map[string]string{
		"config.toml": "[providers.d]\nprotocol = \"demo\"\nmodels = { x = \"model-x\" }\n[models]\ndefault = \"d:x\"\nreasoning = \"quick\"\n",
		"extensions/demo.lua": `return {
  name = "demo-provider",
  activate = function()
    local panto = require("panto")
    panto.ext.register_protocol {
      name = "demo",
      effort_levels = { { label = "quick", detail = "short response" } },
      open = function(request)
        local sent = false
        return {
          next = function(self)
            if sent then return { type = "done", usage = { output = 1 } } end
            sent = true
            return { type = "text_delta", text = "Hello from " .. request.model }
          end,
          close = function(self) end,
        }
      end,
    }
  end,
}`,
	})
	res := ts.prompt("hi")
	ts.noProblems()
	if res.Status != "completed" || res.Text != "Hello from model-x" || res.Usage.Output != 1 {
		t.Fatalf("result %+v", res)
	}
	info := ts.Host().Session()
	if info.Model != "d:x" || info.Reasoning != "quick" || info.APIStyle != "demo" {
		t.Errorf("session info %+v", info)
	}
}

// TestOwnedAgentSessionMetadata: an owned agent stored in a file store
// lists with the metadata its run was given, and a custom store sees no
// tree ids.
func TestOwnedAgentSessionMetadata(t *testing.T) {
	ts := newSession(t, map[string]string{
		"extensions/m.lua": `local panto = require("panto")
return { name = "m", activate = function()
  panto.ext.register_command { name = "m", description = "d", handler = function(dir)
    local st = panto.file_system_jsonl_store { dir = dir }
    local w = panto.agent { config = assert(panto.ext.resolve_model {}), store = st }
    for _ in w:run({ prompt = "hi", metadata = { source = "review" } }):events() do end
    local info = st:latest()
    seen = {}
    local custom = panto.agent { config = assert(panto.ext.resolve_model {}), store = { append = function(self, id, e)
      seen[#seen + 1] = e.type .. (e.id and " id" or "") .. (e.parent_id and " parent" or "") .. (e.index and (" @" .. e.index) or "")
    end } }
    for _ in custom:run("x"):events() do end
    custom:set_message_metadata(2, { k = 1 })
    return info.metadata.source .. " " .. info.message_count .. " | " .. table.concat(seen, ",")
  end }
end }`,
		"turns.jsonl": "{\"text\": \"hello\"}\n{\"text\": \"again\"}\n",
	})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := ts.Host().RunCommand(ctx, "/m "+t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "review 2 | ") {
		t.Fatalf("/m: %q", out)
	}
	// The custom store's entries arrive on the loop, in order.
	want := "message,message,panto_summary,metadata @2"
	ts.RunLoop(ctx, func() bool { return len(luaGlobalList(t, ts, "seen")) >= 4 })
	if got := strings.Join(luaGlobalList(t, ts, "seen"), ","); got != want {
		t.Errorf("custom store entries %q, want %q (no tree ids)", got, want)
	}
}
