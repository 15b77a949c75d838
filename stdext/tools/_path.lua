-- Paths for the standard tools. A path a model gives is relative to the
-- project root unless it is absolute (or starts with ~/ when the session
-- has a home); results show paths relative to the project root when they
-- are inside it, so that the model can pass them straight back.
--
-- Everything here is lexical: ".." is resolved by dropping the previous
-- name, as Go's filepath.Clean does, without asking the file system.
local panto = require("panto")

local M = {}

-- root is read on every call rather than once at load: dirs is plain data
-- the host publishes before evaluation, and reading it late costs nothing.
function M.root()
  return panto.ext.dirs.project_root or "."
end

-- clean resolves ".", ".." and repeated slashes.
function M.clean(p)
  local absolute = p:sub(1, 1) == "/"
  local parts = {}
  for name in p:gmatch("[^/]+") do
    if name == ".." then
      if #parts > 0 and parts[#parts] ~= ".." then
        parts[#parts] = nil
      elseif not absolute then
        parts[#parts + 1] = ".."
      end
    elseif name ~= "." then
      parts[#parts + 1] = name
    end
  end
  local s = table.concat(parts, "/")
  if absolute then return "/" .. s end
  return s == "" and "." or s
end

function M.join(a, b)
  if b:sub(1, 1) == "/" then return M.clean(b) end
  return M.clean(a .. "/" .. b)
end

-- resolve turns a path from tool input into an absolute, clean path.
-- "~/" means the home folder; a session without one (bundle runs omit
-- it) refuses it rather than make a folder named "~" in the project.
function M.resolve(p)
  if p == "~" or p:sub(1, 2) == "~/" then
    local home = panto.ext.dirs.home
    if not home then
      error(string.format("%s: this session has no home folder to expand '~' with; give an absolute path", p), 0)
    end
    return M.clean(home .. p:sub(2))
  end
  return M.join(M.root(), p)
end

-- display shows an absolute path the way results name it: relative to the
-- project root when inside it, absolute otherwise.
function M.display(abs)
  local root = M.clean(M.root())
  if abs == root then return "." end
  local prefix = root == "/" and "/" or root .. "/"
  if abs:sub(1, #prefix) == prefix then return abs:sub(#prefix + 1) end
  return abs
end

-- relative is abs below base ("" when they are the same folder), or nil
-- when abs is not inside base.
function M.relative(base, abs)
  if abs == base then return "" end
  local prefix = base == "/" and "/" or base .. "/"
  if abs:sub(1, #prefix) == prefix then return abs:sub(#prefix + 1) end
  return nil
end

function M.dirname(p)
  local d = p:match("^(.*)/[^/]*$")
  if d == nil then return "." end
  return d == "" and "/" or d
end

function M.basename(p)
  return p:match("([^/]*)$")
end

-- extension is the file name's extension without the dot, lower-cased,
-- or "" ("Makefile", ".bashrc").
function M.extension(p)
  return (M.basename(p):match("^.+%.([^.]+)$") or ""):lower()
end

return M
