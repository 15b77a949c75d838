-- bone's ctx table, passed to every tool execute, command handler and
-- event handler, built on panto's machinery: files through panto.std's
-- fs helpers, shell commands through the permission rules, the ui onto
-- notices and tool components, state in the process-wide store of the
-- Go half, sessions in panto's session store.
local panto = require("panto")
local std = require("panto.std")
local uv = require("luv")
local util = require("util")
local display = require("display")
local agents = require("agents")
local config = require("config")

local fs, path = require("sfs"), std.path
local refuse = util.refuse

local MAX_TOOL_DEPTH = 4

-- need_host raises for an API that needs a session's Go half.
local function need_host(state, api)
  if not state.host then
    error(api .. " needs a panto session (panto, panto -p, or panto run with --prompt); " ..
      "this run has none (panto build, panto run --tool or --command)", 3)
  end
  return state.host
end

local function resolve(state, p)
  if type(p) ~= "string" then error("expected a path string, got " .. type(p), 3) end
  if p:sub(1, 2) == "~/" and panto.ext.dirs.home then p = panto.ext.dirs.home .. p:sub(2) end
  if p:sub(1, 1) ~= "/" then p = state.bone.cwd .. "/" .. p end
  return path.clean(p)
end

-- judge asks the permission rules about work done for the model; a
-- refusal raises with the reason.
local function judge(state, api, call)
  local host = state.host
  if not host then return end
  local ok, why = host.judge(call)
  if not ok then error(api .. ": " .. tostring(why), 3) end
end

-- run executes a command with bash, awaiting it: stdout lines go to
-- on_line as they arrive.
local function run(cmd, opts, on_line)
  if not coroutine.isyieldable() then
    error("ctx.shell awaits the command: call it from a tool's execute or a command's handler, not an event handler", 3)
  end
  opts = opts or {}
  local co = coroutine.running()
  local waiting = false
  local function wake()
    if waiting then
      waiting = false
      local ok, err = coroutine.resume(co)
      if not ok then error(err, 0) end
    end
  end
  local out, errb, pending = {}, {}, ""
  local s = {}
  local stdout, stderr = uv.new_pipe(), uv.new_pipe()
  local proc, pid = uv.spawn("bash", {
    args = { "-c", cmd }, stdio = { nil, stdout, stderr },
    cwd = opts.cwd, detached = true, sandbox = true,
  }, function(code, signal)
    s.exited, s.code, s.signal = true, code, signal
    wake()
  end)
  if not proc then
    stdout:close()
    stderr:close()
    error("ctx.shell: cannot start bash: " .. tostring(pid), 3)
  end
  stdout:read_start(function(e, data)
    if data then
      out[#out + 1] = data
      if on_line then
        pending = pending .. data
        for line in pending:gmatch("([^\n]*)\n") do on_line(line) end
        pending = pending:match("[^\n]*$")
      end
    else
      s.out_done = true
      wake()
    end
  end)
  stderr:read_start(function(e, data)
    if data then errb[#errb + 1] = data else s.err_done = true; wake() end
  end)
  local timer
  local timeout = tonumber(opts.timeout_ms or opts.timeout)
  if timeout and timeout > 0 then
    timer = uv.new_timer()
    timer:start(math.floor(timeout), 0, function()
      if s.exited then return end
      s.timed_out = true
      if uv.kill(-pid, "sigkill") == nil then proc:kill("sigkill") end
      wake()
    end)
  end
  while not (s.exited and s.out_done and s.err_done) do
    waiting = true
    coroutine.yield()
  end
  if timer then timer:close() end
  stdout:close()
  stderr:close()
  proc:close()
  if on_line and pending ~= "" then on_line(pending) end
  local code = s.code
  if s.signal and s.signal ~= 0 then code = 128 + s.signal end
  return { stdout = table.concat(out), stderr = table.concat(errb), exit_code = code, timed_out = s.timed_out or nil }
end

local function kind_of(st)
  if not st then return nil end
  if st.type == "directory" then return "dir" end
  if st.type == "file" then return "file" end
  if st.type == "link" then return "symlink" end
  return st.type
end

return function(state, call_id, call)
  call = call or {}
  local bone = state.bone
  local ctx = {
    config_dir = bone.config_dir,
    cwd = bone.cwd,
    call_id = call_id,
    log = state.log,
  }

  ctx.fs = {
    exists = function(p) return fs.stat(resolve(state, p)) ~= nil end,
    is_file = function(p)
      local st = fs.stat(resolve(state, p))
      return st ~= nil and st.type == "file"
    end,
    is_dir = function(p)
      local st = fs.stat(resolve(state, p))
      return st ~= nil and st.type == "directory"
    end,
    read_dir = function(p)
      local dir = resolve(state, p)
      local list, err = fs.scandir(dir)
      if not list then error("ctx.fs.read_dir: " .. tostring(err), 2) end
      local out = {}
      for _, e in ipairs(list) do
        out[#out + 1] = { name = e.name, path = dir .. "/" .. e.name, kind = kind_of(e) or "other" }
      end
      table.sort(out, function(a, b) return a.name < b.name end)
      return out
    end,
    metadata = function(p)
      local full = resolve(state, p)
      local st, err = fs.stat(full)
      if not st then error("ctx.fs.metadata: " .. tostring(err), 2) end
      local readonly = true
      if st.mode then readonly = (st.mode & 146) == 0 end -- no w bit for anyone (0o222)
      return { path = full, kind = kind_of(st), len = st.size, readonly = readonly }
    end,
  }

  function ctx.read_file(p)
    local full = resolve(state, p)
    local data, err = fs.read_file(full)
    if not data then error("ctx.read_file: " .. tostring(err), 2) end
    return data
  end

  -- write_file writes a new file: an existing one is refused, and the
  -- write is judged by the permission rules as the write tool's would be.
  function ctx.write_file(p, content)
    if type(content) ~= "string" then error("ctx.write_file: content must be a string", 2) end
    local full = resolve(state, p)
    if fs.stat(full) then error("ctx.write_file: " .. full .. " already exists (write_file only creates new files)", 2) end
    judge(state, "ctx.write_file", { tool = "write", effects = { "write" }, path = full, id = call_id })
    local dir = path.dirname(full)
    local ok, merr = fs.mkdir_p(dir)
    if ok == nil and merr then error("ctx.write_file: " .. tostring(merr), 2) end
    local fd, err = uv.fs_open(full, "wx", 420)
    if not fd then error("ctx.write_file: " .. tostring(err), 2) end
    uv.fs_write(fd, content, 0)
    uv.fs_close(fd)
    return true
  end

  -- shell runs through the permission rules as the shell tool's command
  -- would: shell(git status*) allows, default mode asks, plan denies.
  function ctx.shell(cmd, opts)
    if type(cmd) ~= "string" then error("ctx.shell: the command must be a string", 2) end
    judge(state, "ctx.shell", { tool = "shell", effects = { "execute" }, command = cmd, id = call_id })
    opts = opts or {}
    return run(cmd, { cwd = opts.cwd and resolve(state, opts.cwd) or bone.cwd, timeout_ms = opts.timeout_ms or opts.timeout }, nil)
  end

  function ctx.shell_streaming(cmd, cb, opts)
    if type(cmd) ~= "string" then error("ctx.shell_streaming: the command must be a string", 2) end
    if type(cb) ~= "function" then error("ctx.shell_streaming: the second argument must be a function(line)", 2) end
    judge(state, "ctx.shell_streaming", { tool = "shell", effects = { "execute" }, command = cmd, id = call_id })
    opts = opts or {}
    return run(cmd, { cwd = opts.cwd and resolve(state, opts.cwd) or bone.cwd, timeout_ms = opts.timeout_ms or opts.timeout }, cb)
  end

  ctx.ui = {
    notify = function(msg, level)
      local host = state.host
      if host then host.notice("bone " .. tostring(level or "info"), tostring(msg))
      else io.stderr:write("panto: bone: " .. tostring(msg) .. "\n") end
    end,
    notice = function(msg)
      local host = state.host
      if host then host.notice("bone", tostring(msg))
      else io.stderr:write("panto: bone: " .. tostring(msg) .. "\n") end
    end,
    status = function(msg)
      local host = state.host
      if host then host.notice("status", tostring(msg))
      else io.stderr:write("panto: bone: " .. tostring(msg) .. "\n") end
    end,
    pane = function(t)
      if not call_id then
        error("ctx.ui.pane updates a tool's pane: call it from a tool's execute", 2)
      end
      display.pane(state, call_id, t)
      return true
    end,
    width = function() return display.width(state) end,
    -- key blocks for one keypress, delivered to the calling tool's block
    -- once the user gives it the keyboard (Ctrl-G, panto's way).
    key = function()
      if bone.headless then
        error("ctx.ui.key: no terminal is attached (bone.headless is true), so there is no key to read; ask in text instead", 2)
      end
      if not call_id then
        error("ctx.ui.key reads a key for a tool's block: call it from a tool's execute", 2)
      end
      return display.key(state, call_id)
    end,
  }

  ctx.tools = {
    call = function(name, args, opts)
      local depth = (state.tool_depth or 0) + 1
      if depth > MAX_TOOL_DEPTH then
        error("ctx.tools.call: nested deeper than " .. MAX_TOOL_DEPTH .. " tool calls", 2)
      end
      local host = need_host(state, "ctx.tools.call")
      local tool
      for _, t in ipairs(host.tools()) do
        if t.name == name then tool = t break end
      end
      state.calls = (state.calls or 0) + 1
      local id = "bone_" .. tostring(state.calls)
      if not tool then
        return { ok = false, name = name, call_id = id, content = "unknown tool '" .. tostring(name) .. "'", is_error = true }
      end
      args = args or {}
      local j = { tool = name, effects = tool.effects, id = id }
      if tool.path_field then j.has_path = true; j.path = args[tool.path_field] end
      if tool.command_field then j.command = args[tool.command_field] or "" end
      local allowed, why = host.judge(j)
      if not allowed then
        return { ok = false, name = name, call_id = id, content = tostring(why), is_error = true }
      end
      state.tool_depth = depth
      local ok, res = pcall(tool.handler, args, { tool_call_id = id, tool_name = name })
      state.tool_depth = depth - 1
      if not ok then
        return { ok = false, name = name, call_id = id, content = tostring(res), is_error = true }
      end
      if type(res) == "table" then res = res.text or "" end
      return { ok = true, name = name, call_id = id, content = res, is_error = false }
    end,
    definitions = function()
      local host = need_host(state, "ctx.tools.definitions")
      local out = {}
      for _, t in ipairs(host.tools()) do
        local safety = "danger"
        if t.effects and #t.effects == 1 and t.effects[1] == "read" then safety = "read_only" end
        out[#out + 1] = { name = t.name, description = t.description, parameters = t.schema, safety = safety }
      end
      return out
    end,
  }

  ctx.agent = agents.ctx(state, call)

  ctx.state = {
    get = function(k) return need_host(state, "ctx.state.get").state_get(k) end,
    set = function(k, v) need_host(state, "ctx.state.set").state_set(k, v) end,
    clear = function(k) need_host(state, "ctx.state.clear").state_clear(k) end,
  }

  ctx.config = config.ctx(state)

  ctx.session = {
    current = function()
      if not state.host then return nil end
      return state.host.session()
    end,
    list = function(opts)
      local st = need_host(state, "ctx.session.list").store()
      local limit = (type(opts) == "table" and opts.limit) or 50
      local list, err = st:list_bounded(limit)
      if not list then error("ctx.session.list: " .. tostring(err), 2) end
      local out = {}
      for i, s in ipairs(list) do
        out[i] = { id = s.id, title = s.last_user_message, created_at = s.created, updated_at = s.modified,
          message_count = s.message_count, model = s.model, provider = s.api_style, cwd = s.directory }
      end
      return out
    end,
    messages = function(id, opts)
      local st = need_host(state, "ctx.session.messages").store()
      local o = { from_end = true }
      if type(opts) == "table" and opts.limit then o.limit = opts.limit end
      local ms, err = st:load_messages(id, o)
      if not ms then error("ctx.session.messages: " .. tostring(err), 2) end
      return util.bone_messages(ms)
    end,
  }

  ctx.conversation = {
    history = function()
      if call.history then return call.history end
      return util.bone_messages(panto.ext.agent:conversation():messages())
    end,
  }

  ctx.usage = {
    snapshot = function()
      local u = util.usage(panto.ext.agent:usage())
      if state.host then
        local cost, complete = state.host.cost()
        u.cost_usd, u.cost_complete = cost, complete
      end
      return u
    end,
  }

  ctx.db = {
    query = function()
      refuse("ctx.db.query", "panto keeps sessions as JSON Lines files (pi's v3 format), not in a SQL database, and ships no SQL engine",
        "read them with ctx.session.list and ctx.session.messages, or panto's store API (store:list_bounded, store:load_messages; docs/sessions.md)")
    end,
  }
  return ctx
end
