-- bone: the compatibility layer that runs bone's Lua configuration in
-- panto unchanged (docs/bone.md). It gives the `bone` global and `cjson`
-- to code loaded from bone's places — ~/.bone-rust/init.lua, the plugins
-- bone.plugin.load finds under ~/.bone-rust/lua/plugins/, and a bone/
-- folder (bone/init.lua) in any layer that trust lets run — and maps each
-- bone API onto panto's own: registrations, events, components, the
-- permission rules, owned agents and jobs, and the session store.
--
-- The Go half (require("panto.bone"), package agent) exists only in a
-- session; without it (panto build, panto run --tool) the APIs that need
-- the session say so when called. Without any bone file the layer
-- registers nothing.

local function exists(file)
  local f = io.open(file, "r")
  if f then f:close() end
  return f ~= nil
end

-- sources are bone's files of this session, lowest precedence first, as
-- panto activates layers: the user's own ~/.bone-rust/init.lua, then
-- each layer's bone/init.lua.
local function sources(host)
  local out = {}
  if host and host.init then
    out[#out + 1] = { file = host.init, dir = host.config_dir }
  end
  local dirs = host and host.layer_dirs
  if not dirs then
    -- No session, so no trust decision to read: only the layer of an
    -- explicit run (a folder or bundle given to panto run) and the user's.
    dirs = {}
    local panto = require("panto")
    for _, l in ipairs(panto.ext.dirs.layers) do
      if (l.name == "bundle" or l.name == "user") and exists(l.dir .. "/bone/init.lua") then
        dirs[#dirs + 1] = { name = l.name, dir = l.dir .. "/bone" }
      end
    end
  end
  for _, l in ipairs(dirs) do
    out[#out + 1] = { file = l.dir .. "/init.lua", dir = l.dir }
  end
  return out
end

local function activate()
  local ok, host = pcall(require, "panto.bone")
  if not ok then host = nil end
  local files = sources(host)
  if #files == 0 then return end
  -- Required here, not at evaluation: panto.std's helpers resolve once
  -- every entry of the base layer has been evaluated.
  local api = require("api")
  local b = api.new(host)
  local loaded = {}
  for _, s in ipairs(files) do
    if b.load_file(s.file, s.dir) then loaded[#loaded + 1] = s.file end
  end
  if #loaded > 0 then b.started(loaded) end
end

return { name = "bone", activate = activate }
