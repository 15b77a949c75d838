-- Synchronous file system helpers for the bone layer. bone's ctx.fs
-- calls are synchronous path checks, and bone code calls them (and
-- bone.plugin.list, ctx.read_file) from event hooks, which panto runs as
-- synchronous entrypoints where panto.std's awaited helpers cannot
-- yield. luv's forms without a callback run at once; they are small
-- calls on local files.
local uv = require("luv")
local std = require("panto.std")

local path = std.path
local M = {}

-- stat is { type, size, mode, ... } or nil, err, code.
function M.stat(p) return uv.fs_stat(p) end

-- scandir lists a folder: an array of { name, type }, or nil, err.
function M.scandir(p)
  local req, err, code = uv.fs_scandir(p)
  if not req then return nil, err, code end
  local out = {}
  while true do
    local name, t = uv.fs_scandir_next(req)
    if not name then break end
    out[#out + 1] = { name = name, type = t }
  end
  return out
end

-- read_file is a whole file's content, or nil, err.
function M.read_file(p)
  local f, err = io.open(p, "rb")
  if not f then return nil, err end
  local data, rerr = f:read("a")
  f:close()
  if not data then return nil, p .. ": " .. tostring(rerr) end
  return data
end

-- mkdir_p makes dir and its missing parents.
function M.mkdir_p(dir)
  local missing, d = {}, dir
  while true do
    local st, err, code = uv.fs_stat(d)
    if st then
      if st.type ~= "directory" then
        return nil, string.format("cannot create folder %s: %s exists and is not a folder", dir, d)
      end
      break
    end
    if code ~= "ENOENT" and code ~= "ENOTDIR" then return nil, err end
    table.insert(missing, 1, d)
    local parent = path.dirname(d)
    if parent == d then break end
    d = parent
  end
  for _, m in ipairs(missing) do
    local ok, err, code = uv.fs_mkdir(m, 511) -- 0777, before the umask
    if not ok and code ~= "EEXIST" then return nil, err end
  end
  return true
end

return M
