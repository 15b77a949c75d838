-- task: delegate a task to a subagent, which works in a fresh context
-- with its own tools and returns only its final answer.
--
-- The name is Claude Code's (its Task tool, later called Agent, takes
-- the same description, prompt and subagent_type), so models trained on
-- it call this one without being taught; codex and opencode call theirs
-- task too. The work is panto.run_subagent's: the definitions come from
-- every layer's agents/ folder (panto.subagents()), the subagent's own
-- calls go through the same permission rules, and its transcript is kept
-- in the session store, linked from this call's result.
local panto = require("panto")
local std = require("_std")
local text = std.text

-- listing names the subagents for the description, so the model knows
-- what it can delegate to.
local function listing()
  if not panto.subagents then return "" end
  local ok, defs = pcall(panto.subagents)
  if not ok or #defs == 0 then return "" end
  local out = { "Available subagent types:" }
  for _, d in ipairs(defs) do
    local desc = (d.description or ""):gsub("%s+", " ")
    local tools = d.tools and (" (tools: " .. (#d.tools > 0 and table.concat(d.tools, ", ") or "none") .. ")") or ""
    out[#out + 1] = "- " .. d.name .. ": " .. desc .. tools
  end
  return "\n" .. table.concat(out, "\n")
end

local function tokens(n)
  if n >= 10000 then return string.format("%.0fk", n / 1000) end
  if n >= 1000 then return string.format("%.1fk", n / 1000) end
  return tostring(n)
end

-- footer is what the parent learns besides the answer: how the run
-- went and where its transcript is.
local function footer(r)
  local u = r.usage or {}
  local parts = {
    r.agent,
    text.plural(r.tool_uses or 0, "tool use", "tool uses"),
    tokens((u.input or 0) + (u.cache_read or 0) + (u.cache_write or 0)) .. " tokens in, " .. tokens(u.output or 0) .. " out",
  }
  if r.session_id then parts[#parts + 1] = "transcript " .. r.session_id end
  return "[subagent " .. table.concat(parts, "; ") .. "]"
end

local function run(args, context)
  if not panto.run_subagent then std.fail("subagents need a panto session (panto.run_subagent is not available here)") end
  local r, err = panto.run_subagent({
    agent = args.subagent_type,
    prompt = args.prompt,
    description = args.description,
    tool_call_id = context and context.tool_call_id,
  })
  if not r then std.fail("%s", err) end
  if r.status == "cancelled" then std.fail("the subagent was cancelled before it finished") end
  if r.status ~= "completed" then
    std.fail("the subagent %s failed: %s", r.agent, r.error or "unknown error")
  end
  local answer = r.text or ""
  if answer:match("^%s*$") then answer = "(the subagent ended without an answer)" end
  return answer .. "\n\n" .. footer(r)
end

return std.install_renderer({
  name = "task",
  -- The task itself only delegates: each call the subagent makes is
  -- judged on its own.
  effects = {},
  description = "Delegate a task to a subagent that works on it in a fresh context, with its own tools, and returns only its final answer. "
    .. "Use it for broad searches and research that would fill your context with files you do not need afterwards, "
    .. "and for independent pieces of work: several task calls in one message run at the same time. "
    .. "The subagent sees nothing of this conversation, so the prompt must say everything it needs: the goal, what you know, and what to report back. "
    .. "Do not use it for a lookup one read or grep call answers."
    .. listing(),
  params = {
    { name = "description", type = "string", required = true, nonempty = true,
      description = "A short (3-5 word) label for the task, shown to the user." },
    { name = "prompt", type = "string", required = true, nonempty = true,
      description = "The task for the subagent, complete and self-contained." },
    { name = "subagent_type", type = "string", nonempty = true, no_nul = true,
      description = "Which subagent to use (default general-purpose); see the list in this description." },
  },
  run = run,
}, {
  title = function(input)
    local t = input.subagent_type or "general-purpose"
    return input.description and (t .. ": " .. input.description) or t
  end,
  body = function(call, width, styles)
    local out = (call.output or ""):gsub("\n+$", "")
    local lines = text.lines(out)
    return std.preview(lines, call, styles, { collapsed = 3, expanded = 24 })
  end,
})
