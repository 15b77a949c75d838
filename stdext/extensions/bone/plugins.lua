-- bone.plugin: plugins under ~/.bone-rust/lua/plugins/NAME/, loaded with
-- the bone global like init.lua; install and update run git.
local uv = require("luv")
local std = require("panto.std")

local fs = require("sfs")

local M = {}

local function valid_name(name)
  return type(name) == "string" and name:match("^[%w_%.%-]+$") ~= nil and name ~= "." and name ~= ".."
end

-- git runs git with args, awaiting it; it returns ok, output.
local function git(args, cwd)
  if not coroutine.isyieldable() then
    return false, "git must run where panto can await it (init.lua, a tool or a command)"
  end
  local co = coroutine.running()
  local out = uv.new_pipe()
  local buf = {}
  local s = {}
  local waiting = false
  local function wake()
    if waiting then waiting = false; coroutine.resume(co) end
  end
  local proc, perr = uv.spawn("git", { args = args, cwd = cwd, stdio = { nil, out, out } }, function(code)
    s.code, s.exited = code, true
    wake()
  end)
  if not proc then
    out:close()
    return false, "git is not available (" .. tostring(perr) .. "): install git to install or update bone plugins"
  end
  out:read_start(function(_, data)
    if data then buf[#buf + 1] = data else s.eof = true; wake() end
  end)
  while not (s.exited and s.eof) do
    waiting = true
    coroutine.yield()
  end
  out:close()
  proc:close()
  return s.code == 0, table.concat(buf)
end

-- url turns bone's "user/repo" into a GitHub URL; a URL or a path stays.
local function url(spec)
  if spec:match("^%w[%w+.-]*://") or spec:match("^git@") or spec:sub(1, 1) == "/" then return spec end
  if spec:match("^[%w_.-]+/[%w_.-]+$") then return "https://github.com/" .. spec .. ".git" end
  return spec
end

local function repo_name(spec)
  local name = spec:gsub("/+$", ""):match("([^/:]+)$") or spec
  return (name:gsub("%.git$", ""))
end

local function rmtree(p)
  local st = uv.fs_lstat(p)
  if not st then return end
  if st.type == "directory" then
    local req = uv.fs_scandir(p)
    while req do
      local name = uv.fs_scandir_next(req)
      if not name then break end
      rmtree(p .. "/" .. name)
    end
    assert(uv.fs_rmdir(p))
  else
    assert(uv.fs_unlink(p))
  end
end

function M.new(state)
  local P = {}
  local function root()
    return state.bone.config_dir .. "/lua/plugins"
  end

  function P.load(name)
    if not valid_name(name) then error("bone.plugin.load: invalid plugin name " .. tostring(name), 2) end
    local dir = root() .. "/" .. name
    local file = dir .. "/init.lua"
    local f = io.open(file, "r")
    if not f then error("bone.plugin.load: no plugin '" .. name .. "' (" .. file .. " does not exist)", 2) end
    f:close()
    if state.plugins_loaded and state.plugins_loaded[name] then return true end
    state.plugins_loaded = state.plugins_loaded or {}
    state.plugins_loaded[name] = true
    return state.load_file(file, dir)
  end

  function P.list()
    local out = {}
    local list = fs.scandir(root())
    for _, e in ipairs(list or {}) do
      if e.type == "directory" and e.name:sub(1, 1) ~= "." then
        out[e.name] = { has_init = uv.fs_stat(root() .. "/" .. e.name .. "/init.lua") ~= nil }
      end
    end
    return out
  end

  function P.remove(name)
    if not valid_name(name) then error("bone.plugin.remove: invalid plugin name " .. tostring(name), 2) end
    local dir = root() .. "/" .. name
    if not uv.fs_stat(dir) then error("bone.plugin.remove: no plugin '" .. name .. "'", 2) end
    rmtree(dir)
    return true
  end

  function P.install(spec, opts)
    if type(spec) ~= "string" or spec == "" then error("bone.plugin.install: give \"user/repo\" or a git URL", 2) end
    local name = (type(opts) == "table" and opts.name) or repo_name(spec)
    if not valid_name(name) then error("bone.plugin.install: cannot name a plugin after " .. spec, 2) end
    local dir = root() .. "/" .. name
    if uv.fs_stat(dir) then return true, name end
    fs.mkdir_p(root())
    local ok, out = git({ "clone", "--depth", "1", "--", url(spec), dir })
    if not ok then error("bone.plugin.install: git clone " .. url(spec) .. " failed: " .. out, 2) end
    return true, name
  end

  function P.update(name)
    if not valid_name(name) then error("bone.plugin.update: invalid plugin name " .. tostring(name), 2) end
    local dir = root() .. "/" .. name
    if not uv.fs_stat(dir .. "/.git") then error("bone.plugin.update: " .. dir .. " is not a git checkout", 2) end
    local ok, out = git({ "-C", dir, "pull", "--ff-only" })
    if not ok then error("bone.plugin.update: git pull in " .. dir .. " failed: " .. out, 2) end
    return true
  end
  return P
end

return M
