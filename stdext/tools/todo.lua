-- todo: the model's task list for the work in hand.
--
-- The input is Claude Code's TodoWrite's: the whole list every time,
-- items { content, status, activeForm }, so models trained on it use
-- this one as they would that one. The list is the agent's
-- (panto.ext.agent:set_todos): kept in the session, restored by a
-- resume, drawn above the editor in the terminal UI and reported as a
-- todo event in --mode json.
local panto = require("panto")
local std = require("_std")
local text = std.text

local MARK = { completed = "[x]", in_progress = "[>]", pending = "[ ]" }

-- summary is what the model reads back: the list as it now stands, so a
-- call that got a status wrong is seen to.
local function summary(list)
  if #list == 0 then return "The todo list is now empty." end
  local done, current = 0, 0
  for _, t in ipairs(list) do
    if t.status == "completed" then done = done + 1 end
    if t.status == "in_progress" then current = current + 1 end
  end
  local out = { string.format("Todo list updated (%d of %d completed):", done, #list) }
  for _, t in ipairs(list) do
    out[#out + 1] = MARK[t.status] .. " " .. t.content
  end
  if current > 1 then
    out[#out + 1] = "Note: " .. current .. " items are in progress; keep one in progress at a time."
  elseif current == 0 and done < #list then
    out[#out + 1] = "Mark the item you work on next as in_progress."
  end
  return table.concat(out, "\n")
end

local function run(args)
  local ok, err = pcall(panto.ext.agent.set_todos, panto.ext.agent, args.todos)
  if not ok then std.fail("%s", tostring(err):gsub("^set_todos: ", "")) end
  return summary(panto.ext.agent:todos())
end

return std.install_renderer({
  name = "todo",
  effects = {},
  description = "Keep a task list for the work in hand, shown to the user above the input. "
    .. "Use it for tasks of three steps or more, or when the user gives several things to do: write the steps down first, "
    .. "mark one in_progress before you start on it, and completed as soon as it is done (not in batches). "
    .. "Each call replaces the whole list. Skip it for a single simple step or a question.",
  params = {
    { name = "todos", type = "array", required = true,
      description = "The whole list, in order.",
      items = {
        type = "object",
        properties = {
          content = { type = "string", minLength = 1, description = "What is to be done, imperative (\"Run the tests\")." },
          status = { type = "string", enum = panto.ext.json.array({ "pending", "in_progress", "completed", "done" }),
            description = "pending, in_progress (one at a time) or completed." },
          activeForm = { type = "string", description = "The item as an action in progress (\"Running the tests\")." },
        },
        required = panto.ext.json.array({ "content", "status" }),
      },
    },
  },
  run = run,
}, {
  title = function(input)
    local n = type(input.todos) == "table" and #input.todos or 0
    return text.plural(n, "item", "items")
  end,
  body = function(call, width, styles)
    local lines = text.lines((call.output or ""):gsub("\n+$", ""))
    table.remove(lines, 1) -- the heading: the header says it
    return std.preview(lines, call, styles, { collapsed = 8, expanded = 40 })
  end,
})
