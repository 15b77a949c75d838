-- ctx.config: bone's config/<section>.yaml sections. The sections that
-- describe what panto configures itself (providers and models) come from
-- panto's config.toml; every other section is bone's own YAML file under
-- ~/.bone-rust/config/, read and written by the Go half (docs/bone.md).
local panto = require("panto")
local util = require("util")

local M = {}

-- PANTO_SECTIONS are answered from panto's configuration.
local PANTO_SECTIONS = { providers = true, provider = true, models = true, model = true }

local function providers()
  local out = {}
  for _, p in ipairs(panto.ext.models {}) do
    out[#out + 1] = {
      id = p.name, label = p.label or p.name, base_url = p.base_url,
      protocol = p.protocol, model = p.models[1], models = p.models,
    }
  end
  return out
end

local function panto_section(section)
  if section == "providers" or section == "provider" then
    local t = {}
    for _, p in ipairs(providers()) do t[p.id] = p end
    return t
  end
  local info = panto.ext.session_info()
  return { default = info and info.model, reasoning = info and info.reasoning }
end

function M.ctx(state)
  local C = {}
  local function host(api)
    if not state.host then
      error(api .. " needs a panto session; this run has none", 3)
    end
    return state.host
  end

  function C.get_table(section)
    if type(section) ~= "string" then error("ctx.config.get_table: the section must be a string", 2) end
    if PANTO_SECTIONS[section] then return panto_section(section) end
    return host("ctx.config.get_table").config_read(section)
  end

  function C.get(section, key)
    if type(key) ~= "string" then error("ctx.config.get: the key must be a string", 2) end
    local t = C.get_table(section)
    if type(t) ~= "table" then return nil end
    local v = t
    for part in key:gmatch("[^%.]+") do
      if type(v) ~= "table" then return nil end
      v = v[part]
    end
    return v
  end

  function C.set_value(ns, key, value)
    if type(ns) ~= "string" or type(key) ~= "string" then
      error("ctx.config.set_value: give a section, a key and a value", 2)
    end
    if PANTO_SECTIONS[ns] then
      util.refuse("ctx.config.set_value(\"" .. ns .. "\", ...)",
        "panto's providers and models live in config.toml, which panto does not let a script rewrite",
        "edit ~/.config/panto/config.toml ([providers.NAME], [models] default) or switch with /model")
    end
    host("ctx.config.set_value").config_write(ns, key, value)
  end

  function C.list_providers()
    return providers()
  end
  return C
end

return M
