package host

import (
	"context"
	"strings"
	"testing"
)

// One test per example of the extensions reference, each run as written.

func TestSpecExampleResolveModel(t *testing.T) {
	// The example needs panto.agent and panto.null_store, which belong to
	// the native API of a later issue; the resolve_model half runs here
	// against configuration, exactly as the example calls it.
	th := hostWith(t, map[string]string{
		"config.toml": `
[providers.provider]
protocol = "demo"
models = { alias = "upstream-model-1" }
`,
		"extensions/worker.lua": `
local panto = require("panto")
local function new_config()
  local cfg, err = panto.ext.resolve_model { model = "provider:alias" }
  assert(cfg, err)
  return cfg
end
return { name = "worker", activate = function() print(tostring(new_config())) end }
`,
	})
	th.expectNoProblems(t)
	if got := th.out.String(); got != "panto.model_config: provider:alias\n" {
		t.Errorf("printed %q", got)
	}
}

func TestSpecExampleListResourceLayers(t *testing.T) {
	dir := tree(t, map[string]string{
		"extensions/list-resource-layers.lua": `
return {
  name = "list-resource-layers",
  activate = function()
    local panto = require("panto")
    for _, layer in ipairs(panto.ext.dirs.layers) do
      local skills = layer.dir .. "/skills"
      print(layer.name, skills)
    end
  end,
}
`,
	})
	th := newTestHost(t, dir)
	th.expectNoProblems(t)
	if got, want := th.out.String(), "bundle\t"+dir+"/skills\n"; got != want {
		t.Errorf("printed %q, want %q", got, want)
	}
}

func TestSpecExampleEchoTool(t *testing.T) {
	th := hostWith(t, map[string]string{
		"tools/echo.lua": `
return {
  name = "echo",
  description = "Echo back the given message.",
  schema = {
    type = "object",
    properties = { message = { type = "string" } },
    required = { "message" },
  },
  handler = function(input, context)
    return context.tool_name .. ": " .. input.message
  end,
}
`,
	})
	th.expectNoProblems(t)
	tc := th.callTool(t, "echo", `{"message":"hi"}`)
	if !tc.OK || tc.Output != "echo: hi" {
		t.Errorf("got %v %q", tc.OK, tc.Output)
	}
	if tool := th.Tool("echo"); tool.SchemaJSON != `{"properties":{"message":{"type":"string"}},"required":["message"],"type":"object"}` {
		t.Errorf("schema %s", tool.SchemaJSON)
	}
}

func TestSpecExampleGreetCommand(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/greet.lua": `
return {
  name = "greet",
  activate = function()
    local panto = require("panto")
    panto.ext.register_command {
      name = "greet",
      description = "Print a greeting.",
      handler = function(args)
        local who = args ~= "" and args or "world"
        return "[greet] hello, " .. who .. "!"
      end,
    }
  end,
}
`,
	})
	th.expectNoProblems(t)
	if got := th.command(t, "/greet"); got != "[greet] hello, world!" {
		t.Errorf("got %q", got)
	}
	if got := th.command(t, "/greet   Ada  "); got != "[greet] hello, Ada!" {
		t.Errorf("got %q", got)
	}
}

func TestSpecExampleRedact(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/redact.lua": `
return {
  name = "redact",
  activate = function()
    local panto = require("panto")
    panto.ext.on("tool_result", function(e)
      if e.tool_name == "shell" then e.output = "(redacted)" end
    end)
  end,
}
`,
		"tools/shell.lua": `return { name = "shell", description = "d", schema = { type = "object" },
  handler = function() return "secret" end }`,
		"tools/other.lua": `return { name = "other", description = "d", schema = { type = "object" },
  handler = function() return "visible" end }`,
	})
	th.expectNoProblems(t)
	if tc := th.callTool(t, "shell", "{}"); tc.Output != "(redacted)" {
		t.Errorf("shell: %q", tc.Output)
	}
	if tc := th.callTool(t, "other", "{}"); tc.Output != "visible" {
		t.Errorf("other: %q", tc.Output)
	}
}

func TestSpecExampleSkillBadge(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/skill-badge.lua": `
return {
  name = "skill-badge",
  activate = function()
    local panto = require("panto")
    panto.ext.on("tool_details", function(e)
      if e.tool_name ~= "skill" then return end
      local inner = e:get_component()
      local handle = e:set_component({
        render = function(self, width)
          local lines = inner:render(width)
          lines[#lines + 1] = "▸ running skill"
          return lines
        end,
      })
      assert(handle:alive())
    end)
  end,
}
`,
		"tools/skill.lua": `return { name = "skill", description = "d", schema = { type = "object" },
  handler = function() return "done" end }`,
	})
	th.expectNoProblems(t)
	tc := th.callTool(t, "skill", `{"name":"x"}`)
	if !tc.Block.Custom() {
		t.Fatal("the component was not set")
	}
	rows := tc.Block.Render(context.Background(), 30)
	text := stripSGR(strings.Join(rows, "\n"))
	for _, want := range []string{"● skill({\"name\":\"x\"})", "⎿ done", "▸ running skill"} {
		if !strings.Contains(text, want) {
			t.Errorf("rendered rows lack %q:\n%s", want, text)
		}
	}
	th.expectNoProblems(t)
}

func TestSpecExampleDemoProvider(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/demo-provider.lua": `
return {
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
}
`,
	})
	th.expectNoProblems(t)
	ps := th.Protocols()
	if len(ps) != 1 || ps[0].Name != "demo" || len(ps[0].EffortLevels) != 1 || ps[0].EffortLevels[0] != (EffortLevel{"quick", "short response"}) {
		t.Fatalf("protocols: %+v", ps)
	}
	// Drive the stream the way a session will: open, then next until done.
	events := th.runProtocol(t, "demo", "m1")
	if want := "text_delta:Hello from m1,done"; events != want {
		t.Errorf("stream gave %q, want %q", events, want)
	}
}

func TestSpecExampleAwaitStat(t *testing.T) {
	dir := tree(t, map[string]string{
		"tools/stat.lua": `
local uv = require("luv")
local function await_stat(path)
  local co = assert(coroutine.running())
  local result
  uv.fs_stat(path, function(err, stat)
    result = { err, stat }
    assert(coroutine.resume(co))
  end)
  coroutine.yield()
  return table.unpack(result)
end

-- Call await_stat from a registered tool handler coroutine.
return { name = "stat", description = "d", schema = { type = "object" },
  handler = function(input)
    local err, stat = await_stat(input.path)
    if err then return "error: " .. err end
    return stat.type
  end }
`,
	})
	th := newTestHost(t, dir)
	th.expectNoProblems(t)
	if tc := th.callTool(t, "stat", `{"path":"`+dir+`/tools"}`); !tc.OK || tc.Output != "directory" {
		t.Errorf("got %v %q", tc.OK, tc.Output)
	}
}
