-- shell: run a shell command and collect what it prints.
local uv = require("luv")
local std = require("_std")
local fs, path, text = std.fs, std.path, std.text

local DEFAULT_TIMEOUT = 120000 -- ms
local MAX_TIMEOUT = 600000
local HEAD, TAIL = 8 * 1024, 24 * 1024 -- bytes kept of each stream: its start and its end
local GRACE = 500 -- ms to wait for output after the shell exits

local SIGNALS = { [1] = "SIGHUP", [2] = "SIGINT", [3] = "SIGQUIT", [6] = "SIGABRT", [9] = "SIGKILL",
  [11] = "SIGSEGV", [13] = "SIGPIPE", [15] = "SIGTERM" }

local function close(h)
  if h and not h:is_closing() then h:close() end
end

-- streamer passes one stream's output on to context.output as it comes
-- (the transcript shows it live, and a cancelled command keeps it), a
-- character cut between two reads held back until its rest arrives.
-- Hosts before ABI 1.3 have no context.output: nothing is streamed.
local function streamer(context)
  local live = context and context.output
  if not live then return function() end end
  local pending = ""
  return function(data)
    local s = pending .. data
    local whole = text.trim_partial(s)
    pending = s:sub(#whole + 1)
    if whole ~= "" then live(whole) end
  end
end

-- execute runs the command and waits, awaiting the loop: the child's
-- exit, both pipes' end, the timeout and the grace timer each wake the
-- handler, which goes back to sleep until the run is settled.
local function execute(command, cwd, timeout, context)
  local co = coroutine.running()
  local waiting = false
  local function wake()
    if waiting then
      waiting = false
      local ok, err = coroutine.resume(co)
      if not ok then error(err, 0) end
    end
  end

  local stdout, stderr = uv.new_pipe(), uv.new_pipe()
  local out, err = text.capture(HEAD, TAIL), text.capture(HEAD, TAIL)
  local s = { out_done = false, err_done = false, exited = false, timed_out = false, grace_over = false }
  local proc, pid
  -- detached: the shell leads its own process group, so a timeout can
  -- kill everything it started, not just the shell (and an abandoned
  -- call's children are taken down with it by the loop). sandbox: the
  -- command runs confined as [sandbox] says (panto's addition to luv).
  proc, pid = uv.spawn("/bin/sh", {
    args = { "-c", command },
    stdio = { nil, stdout, stderr },
    cwd = cwd,
    detached = true,
    sandbox = true,
  }, function(code, signal)
    s.exited, s.code, s.signal = true, code, signal
    wake()
  end)
  if not proc then
    close(stdout)
    close(stderr)
    std.fail("cannot start /bin/sh: %s", tostring(pid))
  end

  local function reader(capture, flag)
    local stream = streamer(context)
    return function(rerr, data)
      if data then
        capture.add(data)
        stream(data)
      else
        if rerr then capture.add("\n[read error: " .. tostring(rerr) .. "]\n") end
        s[flag] = true
        wake()
      end
    end
  end
  stdout:read_start(reader(out, "out_done"))
  stderr:read_start(reader(err, "err_done"))

  local timer = uv.new_timer()
  timer:start(timeout, 0, function()
    -- After the exit only the grace period is left: that is not a timeout.
    if s.exited then return end
    s.timed_out = true
    -- The whole group: "sh -c 'make'" leaves make running if only sh dies.
    if uv.kill(-pid, "sigkill") == nil then proc:kill("sigkill") end
    wake()
  end)
  local grace

  local started = uv.hrtime()
  while true do
    if s.exited and s.out_done and s.err_done then break end
    if s.exited and s.grace_over then break end
    if s.exited and not grace then
      -- The shell is gone but something it started in the background
      -- still holds the output open: give it a moment, then stop reading
      -- rather than wait for a daemon.
      grace = uv.new_timer()
      grace:start(GRACE, 0, function()
        s.grace_over = true
        wake()
      end)
    end
    waiting = true
    coroutine.yield()
  end
  local elapsed = (uv.hrtime() - started) // 1000000
  close(timer)
  close(grace)
  close(stdout)
  close(stderr)
  close(proc)
  s.elapsed = elapsed
  s.background = not (s.out_done and s.err_done)
  return s, out, err
end

local function run(args, context)
  if not coroutine.isyieldable() then
    std.fail("bash must run as a tool handler: it awaits the command")
  end
  local cwd = path.root()
  if args.cwd then
    cwd = path.resolve(args.cwd)
    local st, err = fs.stat(cwd)
    if not st then std.fail("cwd %s %s", path.display(cwd), fs.why(err)) end
    if st.type ~= "directory" then std.fail("cwd %s is not a folder", path.display(cwd)) end
  end

  local s, out, err = execute(args.command, cwd, args.timeout_ms, context)
  local stdout, out_cut = out.text()
  local stderr, err_cut = err.text()

  local parts = {}
  if stdout ~= "" then parts[#parts + 1] = (stdout:gsub("\n$", "")) end
  if stderr ~= "" then parts[#parts + 1] = "[stderr]\n" .. stderr:gsub("\n$", "") end
  if #parts == 0 then parts[1] = "(no output)" end

  local status
  if s.timed_out then
    status = string.format("[timed out after %d ms: the command and everything it started were killed]", args.timeout_ms)
  elseif s.signal and s.signal ~= 0 then
    status = string.format("[killed by signal %d%s]", s.signal, SIGNALS[s.signal] and " (" .. SIGNALS[s.signal] .. ")" or "")
  else
    status = string.format("[exit code: %d]", s.code)
  end
  local notes = { status }
  if out_cut > 0 or err_cut > 0 then
    notes[#notes + 1] = string.format("[output cut: each stream keeps its first %s and last %s]",
      text.size(HEAD), text.size(TAIL))
  end
  if s.background and not s.timed_out then
    notes[#notes + 1] = "[the shell exited while a background process still held its output open; later output was not collected]"
  end
  parts[#parts + 1] = table.concat(notes, "\n")
  return table.concat(parts, "\n")
end

return std.install_renderer({
  name = "shell",
  effects = { "execute" }, command_field = "command",
  description = "Run a command with /bin/sh -c in the project root (or cwd) and return its output: stdout, "
    .. "then stderr after a [stderr] line, then [exit code: N]. A non-zero exit code is reported, not an error. "
    .. "Standard input is empty, so interactive programs see end of input. The command and everything it starts "
    .. "are killed after timeout_ms (default " .. DEFAULT_TIMEOUT .. ", at most " .. MAX_TIMEOUT .. "). "
    .. "Each stream keeps its first " .. (HEAD // 1024) .. " KiB and last " .. (TAIL // 1024) .. " KiB. "
    .. "On Linux the command usually runs in a sandbox: it can write only in the project folder, the temp folder "
    .. "and folders the user allowed, so a write elsewhere fails (Permission denied); if the network is off, "
    .. "connections fail too. Tell the user when a command needs more than the sandbox allows.",
  params = {
    { name = "command", type = "string", required = true, nonempty = true, no_nul = true,
      description = "The shell command line." },
    { name = "timeout_ms", type = "integer", min = 1, max = MAX_TIMEOUT, default = DEFAULT_TIMEOUT,
      description = "Kill the command after this many milliseconds. Default " .. DEFAULT_TIMEOUT .. "." },
    { name = "cwd", type = "string", nonempty = true, no_nul = true,
      description = "The folder to run in, relative to the project root or absolute. Default: the project root." },
  },
  run = run,
}, {
  title = function(input)
    local cmd = (input.command or ""):match("^[^\n]*")
    return "$ " .. cmd
  end,
  body = function(call, width, styles)
    local lines = text.lines((call.output or ""):gsub("\n+$", ""))
    -- The status lines ([exit code: N] and notes) end the output.
    local status = {}
    while #lines > 0 and lines[#lines]:match("^%[.*%]$") and lines[#lines] ~= "[stderr]" do
      table.insert(status, 1, table.remove(lines))
    end
    local chunks = std.preview(lines, call, styles, { from_end = true, collapsed = 3, expanded = 20 })
    for _, l in ipairs(status) do
      local role = (l == "[exit code: 0]" or l:match("^%[output cut")) and "muted" or "error"
      chunks[#chunks + 1] = (#chunks == 0 and "  ⎿ " or "    ") .. styles[role] .. l .. styles.reset
    end
    return chunks
  end,
})
