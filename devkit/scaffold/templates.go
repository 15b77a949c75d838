package scaffold

// The templates are text/template sources; each renders one file. They
// avoid "{{" in Lua (write "{ {") since that opens an action.

const toolLua = `-- {{.Name}}: a tool the model can call.
--
-- A source that returns { name, description, schema, handler } declares
-- one tool. The model reads the description to decide when to call it,
-- and its input is checked against the JSON schema before the handler
-- runs. The handler gets the decoded input and { tool_call_id, tool_name }
-- and returns a string (or { text = ..., attachments = { ... } }).
-- For the standard tools' transcript block and input checks, see
-- require("panto.std") in docs/stdext.md.
return {
  name = "{{.Name}}",
  description = "Greet someone: returns a greeting for the given name.",
  schema = {
    type = "object",
    properties = {
      name = { type = "string", description = "Whom to greet." },
    },
    required = { "name" },
  },
  -- What it does, for the permission check every call passes: { "read" },
  -- { "write" }, { "execute" }, { "network" }, or {} for a tool that only
  -- computes from its input. Without it the tool asks before every call.
  effects = {},
  handler = function(input, context)
    return "Hello, " .. input.name .. "!"
  end,
}
`

const toolTest = `-- Tests of the {{.Name}} tool: panto test runs them (docs/testing.md).
local t = require("panto.test")

t.test("{{.Name}} greets by name", function()
  local r = t.tool("{{.Name}}", { name = "Ada" })
  t.ok(r.ok, r.output)
  t.eq(r.output, "Hello, Ada!")
end)

t.test("{{.Name}} needs a name", function()
  local r = t.tool("{{.Name}}", {})
  t.eq(r.ok, false)
  t.contains(r.output, "name")
end)

t.test("the model can call {{.Name}}", function()
  local r = t.turn {
    prompt = "Please greet Ada.",
    script = {
      { events = { { tool_call = { name = "{{.Name}}", input = { name = "Ada" } } } } },
      { expect = { tool_result = "Hello, Ada!" }, text = "I greeted Ada." },
    },
  }
  t.eq(r.status, "completed", r.error)
  t.eq(r.text, "I greeted Ada.")
  t.eq(r.tool_calls[1].output, "Hello, Ada!")
end)
`

const commandLua = `-- /{{.Name}}: a slash command.
--
-- An entry { name, activate } runs activate() once the session's sources
-- are all evaluated; register what it provides there. A command's
-- handler gets the trimmed rest of the slash line; a string it returns
-- is the command's output.
return {
  name = "{{.Name}}",
  activate = function()
    local panto = require("panto")
    panto.ext.register_command {
      name = "{{.Name}}",
      description = "Say hello (to the given name, or to the world).",
      handler = function(args)
        local who = args ~= "" and args or "world"
        return "hello, " .. who .. "!"
      end,
    }
  end,
}
`

const commandTest = `local t = require("panto.test")

t.test("/{{.Name}} greets the world", function()
  t.eq(t.command("/{{.Name}}").output, "hello, world!")
end)

t.test("/{{.Name}} greets by name", function()
  local r = t.command("/{{.Name}} Ada")
  t.ok(r.ok, r.error)
  t.eq(r.output, "hello, Ada!")
end)
`

const providerLua = `-- {{.Name}}: a model provider protocol.
--
-- register_protocol makes "{{.Name}}" a wire protocol that config.toml can
-- route a provider to ([providers.{{.Name}}] protocol = "{{.Name}}").
-- open(request) gets the conversation and returns a stream whose next()
-- returns events: text_delta, tool_call, done, error (or nil when
-- nothing is ready yet; call request.notify() when it is). This one
-- answers by echoing the user's last message; a real one would talk to
-- an API with luv and keep its credentials in the host's configuration.
local function last_user_text(messages)
  for i = #messages, 1, -1 do
    local m = messages[i]
    if m.role == "user" then
      local parts = {}
      for _, b in ipairs(m.blocks) do
        if b.type == "text" then parts[#parts + 1] = b.text end
      end
      return table.concat(parts, "\n")
    end
  end
  return ""
end

return {
  name = "{{.Name}}",
  activate = function()
    local panto = require("panto")
    panto.ext.register_protocol {
      name = "{{.Name}}",
      effort_levels = { { label = "quick", detail = "short answers" } },
      open = function(request)
        local events = {
          { type = "text_delta", text = "echo: " .. last_user_text(request.messages) },
          { type = "done", usage = { input = #request.messages, output = 1 } },
        }
        local i = 0
        return {
          next = function(self)
            i = i + 1
            return events[i]
          end,
          close = function(self) end,
        }
      end,
    }
  end,
}
`

const providerTest = `local t = require("panto.test")

t.test("{{.Name}} answers a turn", function()
  -- model = ... runs this turn on the provider config.toml routes to the
  -- protocol, instead of a script.
  local r = t.turn { model = "{{.Name}}:default", prompt = "ping" }
  t.eq(r.status, "completed", r.error)
  t.eq(r.text, "echo: ping")
end)
`

const componentLua = `-- {{.Name}}: a component that draws under every tool call's block.
--
-- Handlers of tool_details get the call's block: get_component() is
-- what it shows now (the default, or another extension's component),
-- set_component(t) replaces it with a Lua table whose render(self,
-- width) returns lines. The handle's invalidate() asks for a repaint
-- when the state it draws changes.
return {
  name = "{{.Name}}",
  activate = function()
    local panto = require("panto")
    local calls = {}
    panto.ext.on("tool_details", function(e)
      local inner = e:get_component()
      local call = { status = "running" }
      call.handle = e:set_component({
        render = function(self, width)
          local lines = inner:render(width)
          local styles = panto.ext.style()
          lines[#lines + 1] = styles.muted .. "  {{.Name}}: " .. call.status .. styles.reset
          return lines
        end,
      })
      calls[e.id] = call
    end)
    panto.ext.on("tool_result", function(e)
      local call = calls[e.id]
      if not call then return end
      call.status = e.result_ok and "done" or "failed"
      if call.handle:alive() then call.handle:invalidate() end
    end)
  end,
}
`

const componentTest = `local t = require("panto.test")

t.test("{{.Name}} draws under a tool block", function()
  local r = t.tool("ls", {})
  local rows = t.render(r, 60)
  t.eq(rows[#rows], "  {{.Name}}: done")
end)
`

const configToml = `# The layer's configuration (docs/abi.md, "Configuration").
#
# [extensions] allow / deny / paths / rocks control what loads:
# [extensions]
# deny = ["noisy"]
{{range .Providers}}
# Route a provider to the {{.}} protocol this layer registers; a
# reference "{{.}}:default" selects its model.
[providers.{{.}}]
protocol = "{{.}}"
label = "{{.}} (example)"
models = { default = "{{.}}-1" }
{{end}}`

const readme = "# {{.Layer}}\n\n" +
	"An extension layer for panto (ABI {{.ABI}}), made by `panto new`.\n\n" +
	"| file | what it is |\n|---|---|\n" +
	"{{range .Tools}}| `tools/{{.}}.lua` | the `{{.}}` tool, and `tools/{{.}}_test.lua` its tests |\n{{end}}" +
	"{{range .Commands}}| `extensions/{{.}}.lua` | the `/{{.}}` slash command, and its tests |\n{{end}}" +
	"{{range .Providers}}| `extensions/{{.}}.lua` | the `{{.}}` provider protocol, and its tests |\n{{end}}" +
	"{{range .Components}}| `extensions/{{.}}.lua` | the `{{.}}` component, and its tests |\n{{end}}" +
	"| `config.toml` | the layer's configuration |\n" +
	"| `.luarc.json`, `.luals/` | the Lua language server's settings and panto's type definitions (`panto stubs .` renews them) |\n\n" +
	"## The loop\n\n" +
	"```sh\n" +
	"panto test {{.Layer}}                 # run the tests (*_test.lua, tests/)\n" +
	"panto run {{.Layer}} --list           # what the layer registers, over the standard tools\n" +
	"{{with first .Tools}}panto run {{$.Layer}} --tool {{.}} --input '{\"name\":\"Ada\"}'\n{{end}}" +
	"{{with first .Commands}}panto run {{$.Layer}} --command \"/{{.}} Ada\"\n{{end}}" +
	"panto watch {{.Layer}}                # reload on every save\n" +
	"panto build {{.Layer}} -o {{.Layer}}.pkg   # check everything and write the bundle\n" +
	"panto run {{.Layer}}.pkg --list\n" +
	"```\n\n" +
	"`panto build` loads the layer as a session would and fails, with\n" +
	"file:line:col, when an entry does not load; `--strict` makes its\n" +
	"warnings errors too.\n\n" +
	"## Where to read on\n\n" +
	"- docs/authoring.md in the panto repository: from `panto new` to a published bundle.\n" +
	"- docs/abi.md: the `panto` module, events and contracts.\n" +
	"- docs/testing.md: the test API.\n" +
	"- docs/stdext.md: the standard tools and `panto.std`.\n"
