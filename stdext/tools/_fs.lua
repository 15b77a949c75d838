-- File system access for the standard tools, through luv.
--
-- Every call awaits: it starts luv's asynchronous form and yields the
-- running coroutine until the callback resumes it, so a tool reading a
-- large tree leaves the loop free for the session's other work (parallel
-- tool calls, timers). Where the caller cannot yield (a synchronous
-- entrypoint), the same call falls back to luv's synchronous form, so the
-- helpers work from anywhere and behave the same.
--
-- Results follow luv: values on success, nil, message, code on failure
-- (the message names the path: "ENOENT: no such file or directory: /x").
local uv = require("luv")
local path = require("_path")

local M = {}

-- call runs a luv fs function with an awaited callback appended.
local function call(fn, ...)
  if not coroutine.isyieldable() then
    return fn(...)
  end
  local co = coroutine.running()
  local results, waiting
  local args = table.pack(...)
  args.n = args.n + 1
  args[args.n] = function(err, ...)
    results = table.pack(err, ...)
    if waiting then
      waiting = false
      local ok, e = coroutine.resume(co)
      -- The handler failed after being resumed from here: raising makes
      -- the loop fail the entrypoint with the handler's own message.
      if not ok then error(e, 0) end
    end
  end
  local req, err, code = fn(table.unpack(args, 1, args.n))
  if req == nil and err ~= nil then return nil, err, code end
  if not results then
    waiting = true
    coroutine.yield()
  end
  if results[1] then
    local e = results[1]
    return nil, e, tostring(e):match("^(%u+):")
  end
  return table.unpack(results, 2, results.n)
end
M.call = call

-- code extracts luv's error name from a message.
local function code_of(err)
  return err and tostring(err):match("^(%u+):")
end
M.code_of = code_of

function M.stat(p) return call(uv.fs_stat, p) end
function M.lstat(p) return call(uv.fs_lstat, p) end
function M.realpath(p) return call(uv.fs_realpath, p) end
function M.readlink(p) return call(uv.fs_readlink, p) end

-- stat_many stats several paths at once (lstat when lstat is true): all
-- requests are in flight together, so listing a folder of a thousand
-- entries costs one wait, not a thousand. Failures leave a nil slot.
function M.stat_many(paths, lstat)
  local fn = lstat and uv.fs_lstat or uv.fs_stat
  local out = {}
  if not coroutine.isyieldable() or #paths == 0 then
    for i, p in ipairs(paths) do out[i] = fn(p) end
    return out
  end
  local co = coroutine.running()
  local pending, waiting = #paths, false
  for i, p in ipairs(paths) do
    local req = fn(p, function(err, st)
      if not err then out[i] = st end
      pending = pending - 1
      if pending == 0 and waiting then
        waiting = false
        local ok, e = coroutine.resume(co)
        if not ok then error(e, 0) end
      end
    end)
    if req == nil then pending = pending - 1 end
  end
  if pending > 0 then
    waiting = true
    coroutine.yield()
  end
  return out
end

-- scandir lists a folder, sorted by name: an array of { name, type }.
function M.scandir(p)
  local req, err, code = call(uv.fs_scandir, p)
  if not req then return nil, err, code end
  local out = {}
  while true do
    local name, t = uv.fs_scandir_next(req)
    if not name then break end
    out[#out + 1] = { name = name, type = t }
  end
  return out
end

local READ_CHUNK = 64 * 1024

-- open_reader opens a file for reading in chunks: reader.read() returns
-- the next chunk, "" at the end, or nil, err; reader.close() is safe to
-- call twice.
function M.open_reader(p)
  local fd, err, code = call(uv.fs_open, p, "r", 0)
  if not fd then return nil, err, code end
  local r = { fd = fd }
  function r.read(n)
    return call(uv.fs_read, fd, n or READ_CHUNK, -1)
  end
  function r.close()
    if r.fd then
      r.fd = nil
      call(uv.fs_close, fd)
    end
  end
  return r
end

-- read_file returns a whole file's content.
function M.read_file(p)
  local r, err, code = M.open_reader(p)
  if not r then return nil, err, code end
  local parts = {}
  while true do
    local data, rerr, rcode = r.read()
    if not data then
      r.close()
      return nil, rerr, rcode
    end
    if data == "" then break end
    parts[#parts + 1] = data
  end
  r.close()
  return table.concat(parts)
end

-- mkdir_p creates a folder and its missing parents. It returns the
-- folders it created (outermost first), or nil and an error naming the
-- path that is in the way.
function M.mkdir_p(dir)
  local missing = {}
  local d = dir
  while true do
    local st, err, code = M.stat(d)
    if st then
      if st.type ~= "directory" then
        return nil, string.format("cannot create folder %s: %s exists and is not a folder", path.display(dir), path.display(d))
      end
      break
    end
    -- ENOTDIR: a file sits higher up; the loop reaches it and says so.
    if code ~= "ENOENT" and code ~= "ENOTDIR" then return nil, err end
    table.insert(missing, 1, d)
    local parent = path.dirname(d)
    if parent == d then break end
    d = parent
  end
  for _, m in ipairs(missing) do
    local ok, err, code = call(uv.fs_mkdir, m, 511) -- 0777, before the umask
    -- Someone else may create it at the same moment: that is success.
    if not ok and code ~= "EEXIST" then return nil, err end
  end
  return missing
end

local counter = 0

-- write_atomic replaces (or creates) a file so that a reader sees either
-- the old content or the new, never a mix, and a failure part-way leaves
-- the old file as it was: the content goes to a temporary file beside the
-- target (same folder, so the rename cannot cross file systems), is
-- flushed to disk, and is renamed over the target. mode, when given, is
-- set exactly (the umask does not apply), to keep an edited file's
-- permissions.
function M.write_atomic(target, data, mode)
  counter = counter + 1
  local tmp = string.format("%s/.%s.panto-%d-%x-%d.tmp", path.dirname(target), path.basename(target),
    uv.os_getpid(), uv.hrtime() % 0x100000000, counter)
  -- "wx": never open an existing file, so the temporary name cannot
  -- clobber anything, even a file that happens to have the same name.
  local fd, err = call(uv.fs_open, tmp, "wx", mode or 438) -- 0666, before the umask
  if not fd then return nil, err end
  local function fail(e)
    call(uv.fs_close, fd)
    call(uv.fs_unlink, tmp)
    return nil, e
  end
  local off = 0
  while off < #data do
    local n, werr = call(uv.fs_write, fd, off == 0 and data or data:sub(off + 1), off)
    if not n then return fail(werr) end
    if n == 0 then return fail("EIO: short write: " .. tmp) end
    off = off + n
  end
  local ok, serr = call(uv.fs_fsync, fd)
  if not ok then return fail(serr) end
  ok, serr = call(uv.fs_close, fd)
  if not ok then
    call(uv.fs_unlink, tmp)
    return nil, serr
  end
  if mode then
    ok, serr = call(uv.fs_chmod, tmp, mode)
    if not ok then
      call(uv.fs_unlink, tmp)
      return nil, serr
    end
  end
  ok, serr = call(uv.fs_rename, tmp, target)
  if not ok then
    call(uv.fs_unlink, tmp)
    return nil, serr
  end
  return #data
end

-- permissions are the low 12 bits of a stat mode (rwx, setuid, sticky).
function M.permissions(st)
  return st.mode & 4095
end

-- why turns a luv error into the end of a sentence for a model:
-- "does not exist", "is not readable (permission denied)".
function M.why(err)
  local code = code_of(err)
  local reasons = {
    ENOENT = "does not exist",
    EACCES = "is not accessible (permission denied)",
    EPERM = "is not accessible (operation not permitted)",
    ENOTDIR = "does not exist (a part of the path is not a folder)",
    EISDIR = "is a folder",
    ELOOP = "cannot be resolved (too many symbolic links)",
    ENAMETOOLONG = "is too long a name",
    EROFS = "is on a read-only file system",
    ENOSPC = "cannot be written: no space left on the device",
  }
  return reasons[code] or tostring(err)
end

-- walk visits the tree below root depth-first in name order, calling
-- visit(abs, rel, type) for every entry; rel is relative to root. visit
-- returns "stop" to end the walk or "skip" to stay out of a folder.
-- Version-control folders are never entered, and symbolic links to
-- folders are not followed (a link cycle would never end); links to files
-- are reported with the type of their target. Unreadable folders are
-- counted, not fatal.
local SKIP_DIRS = { [".git"] = true, [".hg"] = true, [".svn"] = true }
M.SKIP_DIRS = SKIP_DIRS

function M.walk(root, visit)
  local stats = { unreadable = 0 }
  local function dir(abs, rel)
    local entries = M.scandir(abs)
    if not entries then
      stats.unreadable = stats.unreadable + 1
      return
    end
    for _, e in ipairs(entries) do
      local child = abs == "/" and "/" .. e.name or abs .. "/" .. e.name
      local crel = rel == "" and e.name or rel .. "/" .. e.name
      local t = e.type
      if t == "link" or t == "unknown" then
        local st = M.stat(child)
        if st and st.type == "file" then t = "file" elseif t == "unknown" and st then t = st.type end
      end
      if not (t == "directory" and SKIP_DIRS[e.name]) then
        local r = visit(child, crel, t)
        if r == "stop" then return "stop" end
        if t == "directory" and r ~= "skip" then
          if dir(child, crel) == "stop" then return "stop" end
        end
      end
    end
  end
  dir(root, "")
  return stats
end

-- skipped_note turns the skipped counts of panto.fs.walk or search
-- into one note saying what was left out and how to include it, or nil
-- when nothing was. extra adds reasons the caller counted itself
-- ({ "3 binary files" }).
function M.skipped_note(sk, extra)
  local text = require("_text")
  local parts, hints = {}, {}
  if (sk.ignored or 0) > 0 then
    parts[#parts + 1] = text.plural(sk.ignored, "entry", "entries") .. " ignored by .gitignore or .ignore"
    hints[#hints + 1] = "no_ignore"
  end
  if (sk.hidden or 0) > 0 then
    parts[#parts + 1] = text.plural(sk.hidden, "hidden entry", "hidden entries")
    hints[#hints + 1] = "hidden"
  end
  for _, e in ipairs(extra or {}) do parts[#parts + 1] = e end
  if (sk.link_dirs or 0) > 0 then parts[#parts + 1] = text.plural(sk.link_dirs, "link to a folder", "links to folders") .. " (not followed)" end
  if (sk.link_loops or 0) > 0 then parts[#parts + 1] = text.plural(sk.link_loops, "link", "links") .. " looping back" end
  if (sk.broken or 0) > 0 then parts[#parts + 1] = text.plural(sk.broken, "broken link") end
  if (sk.unreadable or 0) > 0 then parts[#parts + 1] = text.plural(sk.unreadable, "unreadable file or folder", "unreadable files or folders") end
  if #parts == 0 then return nil end
  local note = "[Skipped " .. table.concat(parts, ", ")
  if #hints > 0 then note = note .. "; set " .. table.concat(hints, " or ") .. " to true to include them" end
  return note .. ".]"
end

return M
