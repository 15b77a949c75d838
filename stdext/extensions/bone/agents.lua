-- bone's sub-agents on panto's owned agents (panto.agent) and jobs
-- (agent:run_async): register_subagent keeps a definition,
-- ctx.agent.run runs an owned agent's turn and awaits it, spawn starts a
-- job on its own thread, wait/cancel/jobs manage the jobs.
local panto = require("panto")
local uv = require("luv")

local M = {}

local POLL_MS = 20

local function err(msg) return { ok = false, error = msg } end

-- register keeps a sub-agent definition for ctx.agent.spawn { agent }
-- and ctx.agent.run { agent }.
function M.register(state, spec)
  if type(spec) ~= "table" or type(spec.name) ~= "string" or spec.name == "" then
    error("bone.register_subagent: give { name, description, system_prompt, provider?, model?, approval? }", 3)
  end
  if spec.approval ~= nil and spec.approval ~= "auto" and spec.approval ~= "approve" and spec.approval ~= "reject" then
    error("bone.register_subagent: approval must be auto, approve or reject, got " .. tostring(spec.approval), 3)
  end
  state.subagents = state.subagents or {}
  state.subagents[spec.name] = spec
  M.define(state, spec)
end

-- define registers the sub-agent in panto's definition registry too
-- (panto.register_subagent, ABI 1.3), so the model's task tool and
-- panto.subagents() know it. A provider or model panto's config lacks
-- is left to inherit the session's, with a warning: the bone definition
-- still names it for ctx.agent.
function M.define(state, spec)
  if type(panto.register_subagent) ~= "function" then return end
  local def = {
    name = spec.name,
    prompt = spec.system_prompt or "",
    description = spec.description,
    tools = spec.tools,
  }
  if spec.approval == "reject" then def.tools = panto.ext.json.array({}) end
  local ref = spec.model
  if spec.provider and spec.model then ref = spec.provider .. ":" .. spec.model end
  if ref and panto.ext.resolve_model { model = ref } then def.model = ref end
  local ok, err = pcall(panto.register_subagent, def)
  if not ok then
    state.log.warn("bone.register_subagent: '" .. spec.name .. "' is not in panto's subagents: " .. tostring(err))
  end
end

-- options merges a registered definition under the call's options.
local function options(state, opts)
  opts = opts or {}
  local name = opts.agent
  if name == nil then return opts end
  local def = state.subagents and state.subagents[name]
  if not def then
    return nil, "no sub-agent named '" .. tostring(name) .. "' is registered (bone.register_subagent)"
  end
  local merged = {}
  for k, v in pairs(def) do merged[k] = v end
  for k, v in pairs(opts) do merged[k] = v end
  return merged
end

-- model is the panto model reference for bone's provider and model.
local function model_config(opts)
  if opts.provider == nil and opts.model == nil then return nil end
  local ref = opts.model
  if opts.provider and opts.model then
    ref = opts.provider .. ":" .. opts.model
  elseif opts.provider then
    local info = panto.ext.models { provider = opts.provider, limit = 1 }
    ref = info and info[1]
    if not ref then return nil, "provider '" .. opts.provider .. "' has no models in panto's config" end
  end
  local cfg, e = panto.ext.resolve_model { model = ref }
  if not cfg then return nil, e end
  return cfg
end

-- tool_names: the allowlist, or every registered tool; approval =
-- "reject" gives none (the model's calls are not run).
local function tool_names(state, opts)
  if opts.approval == "reject" then return {} end
  if type(opts.tools) == "table" then return opts.tools end
  if not state.host then return {} end
  local out = {}
  for _, t in ipairs(state.host.tools()) do out[#out + 1] = t.name end
  return out
end

local function new_agent(state, opts)
  local cfg, e = model_config(opts)
  if e then return nil, e end
  if opts.max_tokens ~= nil then
    -- max_tokens bounds the sub-agent's responses: its model's
    -- configuration (the session's when none is named) with that bound.
    if not state.host then return nil, "max_tokens needs a panto session; this run has none" end
    if not cfg then
      local info = panto.ext.session_info()
      cfg, e = panto.ext.resolve_model { model = info and info.model or nil }
      if not cfg then return nil, e end
    end
    local ok, c = pcall(state.host.with_max_tokens, cfg, tonumber(opts.max_tokens) or opts.max_tokens)
    if not ok then return nil, tostring(c) end
    cfg = c
  end
  local ok, a = pcall(panto.agent, {
    config = cfg,
    system_prompt = opts.system_prompt,
    tools = tool_names(state, opts),
    max_requests = opts.max_requests,
  })
  if not ok then return nil, tostring(a) end
  state.depths = state.depths or {}
  state.depths[a:session_id()] = state.bone.agent_depth + 1
  return a
end

local function sleep(ms)
  local co = coroutine.running()
  local t = uv.new_timer()
  t:start(ms, 0, function()
    t:close()
    coroutine.resume(co)
  end)
  coroutine.yield()
end

-- time_limit is the run's limit in ms: timeout_ms and wall_timeout_ms
-- both bound the whole run (the smaller wins); nil when neither is set.
local function time_limit(o)
  local limit
  for _, k in ipairs({ "timeout_ms", "wall_timeout_ms" }) do
    local v = tonumber(o[k])
    if v and v > 0 and (limit == nil or v < limit) then limit = math.floor(v) end
  end
  return limit
end

local function awaitable(api)
  if not coroutine.isyieldable() then
    error(api .. " awaits the sub-agent: call it from a tool's execute or a command's handler, not an event handler", 3)
  end
end

function M.ctx(state, call)
  local A = {}
  state.jobs = state.jobs or {}
  state.job_order = state.job_order or {}

  function A.run(prompt, opts)
    awaitable("ctx.agent.run")
    local o, e = options(state, opts)
    if not o then return err(e) end
    local a, ae = new_agent(state, o)
    if not a then return err(ae) end
    local stream = a:run(prompt)
    local timer
    local limit = time_limit(o)
    local timed_out = false
    if limit then
      timer = uv.new_timer()
      timer:start(limit, 0, function()
        timed_out = true
        stream:cancel()
      end)
    end
    for _ in stream:events() do end
    if timer then timer:close() end
    local res = stream:result() or { status = "failed", error = "the turn did not settle" }
    if res.status == "completed" then
      return { ok = true, content = res.text or "" }
    end
    local msg = res.error or res.status
    if timed_out then msg = "timed out after " .. tostring(limit) .. " ms" end
    return { ok = false, content = res.text, error = msg }
  end

  local function snapshot(id, j)
    local r = j.job:result()
    local s = { id = id, title = j.title, agent = j.agent, prompt = j.prompt, status = "running" }
    if r then
      s.status = r.status
      s.content = r.text
      s.error = r.error
      if j.timed_out and r.status == "cancelled" then
        s.status, s.error = "failed", "timed out after " .. j.timed_out .. " ms"
      end
    end
    return s
  end

  function A.spawn(prompt, opts)
    local o, e = options(state, opts)
    if not o then return err(e) end
    local max = tonumber(o.max_concurrency)
    if max then
      local running = 0
      for _, j in pairs(state.jobs) do
        if not j.job:result() then running = running + 1 end
      end
      if running >= max then
        return err(string.format("%d jobs are running, the max_concurrency of this spawn", running))
      end
    end
    local a, ae = new_agent(state, o)
    if not a then return err(ae) end
    local job, je = a:run_async { prompt = prompt, dispatch_tools = true, metadata = { title = o.title, agent = o.agent } }
    if not job then return err(tostring(je)) end
    state.job_seq = (state.job_seq or 0) + 1
    local id = "job-" .. state.job_seq
    local entry = { job = job, agent_obj = a, title = o.title, agent = o.agent, prompt = prompt }
    state.jobs[id] = entry
    state.job_order[#state.job_order + 1] = id
    local limit = time_limit(o)
    if limit then
      -- The job is cancelled once its time is up; the timer does not
      -- keep the loop alive, and outlives the call that spawned.
      local t = uv.new_timer()
      t:start(limit, 0, function()
        t:close()
        if not job:result() then
          entry.timed_out = limit
          job:request_cancel()
        end
      end)
      t:unref()
    end
    return { ok = true, id = id }
  end

  function A.wait(ids, opts)
    awaitable("ctx.agent.wait")
    opts = opts or {}
    if type(ids) == "string" then ids = { ids } end
    if ids == nil then ids = state.job_order end
    local deadline = opts.timeout_ms and (uv.now() + opts.timeout_ms)
    while true do
      local pending, jobs, cancelled = {}, {}, false
      for _, id in ipairs(ids) do
        local j = state.jobs[id]
        if j then
          local s = snapshot(id, j)
          jobs[#jobs + 1] = s
          if s.status == "running" then pending[#pending + 1] = id end
          if s.status == "cancelled" then cancelled = true end
        end
      end
      local timed_out = deadline ~= nil and uv.now() >= deadline
      if #pending == 0 or timed_out then
        return { ok = #pending == 0, jobs = jobs, pending = pending, timed_out = timed_out and #pending > 0, cancelled = cancelled }
      end
      uv.update_time()
      sleep(POLL_MS)
    end
  end

  function A.cancel(id)
    local j = state.jobs[id]
    if not j then return { ok = false, error = "no job '" .. tostring(id) .. "'" } end
    j.job:request_cancel()
    return { ok = true }
  end

  function A.jobs()
    local out = {}
    for _, id in ipairs(state.job_order) do
      out[#out + 1] = snapshot(id, state.jobs[id])
    end
    return panto.ext.json.array(out)
  end
  return A
end

return M
