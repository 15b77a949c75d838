package host

import (
	"context"
	"strings"
	"testing"

	"panto/extension/abi"
)

func TestWritableFields(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/first.lua": `
local panto = require("panto")
return { name = "first", activate = function()
  panto.ext.on("user_message", function(e) e.text = e.text .. " [1]" end)
  panto.ext.on("tool_call_complete", function(e) e.input = { path = "/first" } end)
  panto.ext.on("tool_result", function(e) e.output = "first:" .. e.output end)
end }`,
		"extensions/second.lua": `
local panto = require("panto")
return { name = "second", activate = function()
  -- later handlers read earlier overrides; the last writer wins
  panto.ext.on("user_message", function(e) e.text = e.text .. " [2]" end)
  panto.ext.on("tool_call_complete", function(e) e.input.path = e.input.path .. "/second" end)
  panto.ext.on("tool_result", function(e) e.output = "second(" .. e.output .. ")" end)
end }`,
		"tools/where.lua": `return { name = "where", description = "d", schema = {}, handler = function(input) return input.path end }`,
	})
	th.expectNoProblems(t)
	text, _ := th.UserMessage(context.Background(), "hello")
	if text != "hello [1] [2]" {
		t.Errorf("user_message.text = %q", text)
	}
	tc := th.callTool(t, "where", `{"path":"/original"}`)
	if tc.Output != "second(first:/first/second)" {
		t.Errorf("output %q", tc.Output)
	}
}

func TestAssigningOtherFieldsFails(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/bad.lua": `
local panto = require("panto")
local kept
return { name = "bad", activate = function()
  panto.ext.on("tool_result", function(e) e.tool_name = "x" end)
  panto.ext.on("tool_result", function(e) e.output = 42 end)
  panto.ext.on("tool_result", function(e) e.nonsense = 1 end)
  panto.ext.on("tool_result", function(e) e.name = "y" end)
  panto.ext.on("tool_call_complete", function(e) e.input = "not a table" end)
  panto.ext.on("tool_result", function(e) kept = e end)
  panto.ext.register_command { name = "late", description = "d", handler = function()
    kept.output = "too late"
  end }
  panto.ext.on("session_ready", function(e) e.text = "x" end)
end }`,
		"tools/t.lua": `return { name = "t", description = "d", schema = {}, handler = function() return "out" end }`,
	}, func(o *Options) { o.Session = &SessionInfo{ID: "s1", Directory: "/p"} })
	tc := th.callTool(t, "t", "{}")
	if tc.Output != "out" {
		t.Errorf("output changed to %q", tc.Output)
	}
	_, err := th.RunCommand(context.Background(), "/late")
	got := th.problems()
	for _, want := range []string{
		"extensions/bad.lua:5: cannot assign 'tool_name': the only writable field of event 'tool_result' is 'output'",
		"extensions/bad.lua:6: cannot assign 'output' of event 'tool_result': a string is expected, got number",
		"extensions/bad.lua:7: cannot assign 'nonsense'",
		"extensions/bad.lua:8: cannot assign 'name'",
		"extensions/bad.lua:9: cannot assign 'input' of event 'tool_call_complete': a table is expected, got string",
		"extensions/bad.lua:14: cannot assign 'text': event 'session_ready' has no writable fields",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("problems lack %q:\n%s", want, got)
		}
	}
	if err == nil || !strings.Contains(err.Error(), "extensions/bad.lua:12: cannot assign 'output': event 'tool_result' has been dispatched already") {
		t.Errorf("late write: %v", err)
	}
}

// TestEventCatalogue fires every event of the ABI through the host's
// session API and checks what handlers see: the described fields and
// whether there is a component.
func TestEventCatalogue(t *testing.T) {
	var lua strings.Builder
	lua.WriteString("local panto = require(\"panto\")\nlocal FIELDS = {\n")
	for _, e := range abi.Get().Events {
		lua.WriteString("  { \"" + e.Name + "\"")
		for _, f := range e.Fields {
			lua.WriteString(", \"" + f.Name + "\"")
		}
		lua.WriteString(" },\n")
	}
	lua.WriteString(`}
return { name = "spy", activate = function()
  for _, spec in ipairs(FIELDS) do
    panto.ext.on(spec[1], function(e)
      local parts = { e.name }
      for i = 2, #spec do
        local v = e[spec[i]]
        if type(v) == "table" then v = panto.ext.json.encode(v) end
        parts[#parts + 1] = spec[i] .. "=" .. tostring(v)
      end
      if e:get_component() ~= nil then parts[#parts + 1] = "+component" end
      print(table.concat(parts, " "))
    end)
  end
end }`)
	th := hostWith(t, map[string]string{
		"extensions/spy.lua": lua.String(),
		"tools/t.lua":        `return { name = "t", description = "d", schema = {}, handler = function(_, ctx) ctx.output("do"); return "done" end }`,
		"extensions/cmd.lua": `
local panto = require("panto")
return { name = "cmd", activate = function()
  panto.ext.register_command { name = "c", description = "d", handler = function(args) error("no " .. args) end }
end }`,
	}, func(o *Options) { o.Session = &SessionInfo{ID: "s1", Directory: "/proj", Model: "p:m"} })
	ctx := context.Background()
	th.TurnStart(ctx, 1)
	th.UserMessage(ctx, "hi")
	th.expectNoProblems(t)
	think := th.BeginThinking()
	think.Delta(ctx, "hm")
	think.Delta(ctx, "m")
	think.Complete(ctx)
	text := th.BeginAssistantText()
	text.Delta(ctx, "ok")
	text.Complete(ctx)
	tc := th.callTool(t, "t", `{"a":1}`)
	tc.SetCollapsed(ctx, true)
	th.RunCommand(ctx, "/c way")
	th.TurnEnd(ctx, 1, nil)
	th.Rebuild(ctx, "new")
	want := `session_ready session_id=s1 directory=/proj model=p:m reasoning=nil
turn_start turn=1
user_message text=hi +component
thinking_delta delta=hm text=hm +component
thinking_delta delta=m text=hmm +component
thinking_complete text=hmm +component
assistant_text_delta delta=ok text=ok +component
assistant_text_complete text=ok +component
tool index=1 collapsed=false +component
tool_details index=1 tool_name=t id=call_1 collapsed=false +component
tool_delta index=1 tool_name=t id=call_1 delta={"a":1} input={"a":1} collapsed=false +component
tool_call_complete index=1 tool_name=t id=call_1 input={"a":1} collapsed=false +component
tool_dispatch_start index=1 tool_name=t id=call_1 input={"a":1} collapsed=false +component
tool_output_delta index=1 tool_name=t id=call_1 delta=do output=do partial=true collapsed=false +component
tool_output_delta index=1 tool_name=t id=call_1 delta=ne output=done partial=false collapsed=false +component
tool_result index=1 tool_name=t id=call_1 output=done result_ok=true collapsed=false +component
tool_collapse index=1 tool_name=t id=call_1 input={"a":1} output=done collapsed=true +component
command_start command=c args=way
command_end command=c args=way ok=false error=extensions/cmd.lua:4: no way
turn_end turn=1 ok=true error=nil
session_end session_id=s1 reason=new
session_ready session_id=s1 directory=/proj model=p:m reasoning=nil
`
	if got := th.out.String(); got != want {
		t.Errorf("events:\n%s\nwant:\n%s", got, want)
	}
}

func TestCustomEvents(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/custom.lua": `
local panto = require("panto")
return { name = "custom", activate = function()
  panto.ext.on("agent_submission", function(e)
    print(e.name, e.get_component, e.set_component, e.anything)
    local ok, err = pcall(function() e.x = 1 end)
    print(ok, err)
  end)
  panto.ext.on("ping", function(e) panto.ext.emit("ping") end)
  panto.ext.register_command { name = "go", description = "d", handler = function()
    panto.ext.emit("agent_submission", { ignored = true })
    local ok, err = pcall(panto.ext.emit, "tool_result")
    print(ok, err)
    panto.ext.emit("ping")
  end }
end }`,
	})
	th.command(t, "/go")
	want := "agent_submission\tnil\tnil\tnil\n" +
		"false\textensions/custom.lua:6: cannot assign 'x': custom event 'agent_submission' has no writable fields\n" +
		"false\temit: 'tool_result' is a host event; only custom events can be emitted\n"
	if got := th.out.String(); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if !strings.Contains(th.problems(), "events emitted from handlers nest more than 16 deep") {
		t.Errorf("runaway emit not stopped:\n%s", th.problems())
	}
}

func TestHandlersAreSynchronous(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/y.lua": `
local panto = require("panto")
return { name = "y", activate = function()
  panto.ext.on("user_message", function(e) coroutine.yield() end)
  panto.ext.on("user_message", function(e) e.text = "second ran" end)
end }`,
	})
	text, _ := th.UserMessage(context.Background(), "x")
	if text != "second ran" {
		t.Errorf("text %q", text)
	}
	if got := th.problems(); !strings.Contains(got, "yielded, but this entrypoint must not await; its caller needs the result now") {
		t.Errorf("problems: %s", got)
	}
}

// TestEmitFromAwaitingToolHandler nests a synchronous dispatch inside a
// coroutine entrypoint that awaits luv work before and after it.
func TestEmitFromAwaitingToolHandler(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/e.lua": `
local panto = require("panto")
return { name = "e", activate = function()
  panto.ext.on("progress", function(e) print("got " .. e.name) end)
end }`,
		"tools/t.lua": `
local uv = require("luv")
local function sleep(ms)
  local co = coroutine.running()
  local timer = uv.new_timer()
  timer:start(ms, 0, function() timer:close(); coroutine.resume(co) end)
  coroutine.yield()
end
return { name = "t", description = "d", schema = {}, handler = function()
  sleep(1)
  require("panto").ext.emit("progress")
  sleep(1)
  return "done"
end }`,
	})
	tc := th.callTool(t, "t", "{}")
	th.expectNoProblems(t)
	if !tc.OK || tc.Output != "done" || th.out.String() != "got progress\n" {
		t.Errorf("ok=%v output=%q printed=%q", tc.OK, tc.Output, th.out.String())
	}
}
