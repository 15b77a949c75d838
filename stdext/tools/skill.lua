-- skill: list the skills of every layer and load one.
--
-- A skill is a folder under a layer's skills/ holding SKILL.md, whose
-- front matter names it and says when to use it:
--
--   ---
--   name: review
--   description: Review a change for bugs before it is committed.
--   ---
--   The instructions...
--
-- Layers are searched as the list-resource-layers example of the
-- extensions reference derives them (panto.ext.dirs.layers, each
-- layer.dir .. "/skills"), lowest precedence first, so a higher layer's
-- skill replaces a lower one of the same name.
local panto = require("panto")
local std = require("_std")
local fs, path, text = std.fs, std.path, std.text

local MAX_SKILL_BYTES = 256 * 1024

-- unquote reads a YAML scalar the simple way skills write them: plain,
-- or in single or double quotes.
local function unquote(v)
  v = v:match("^%s*(.-)%s*$")
  local q = v:sub(1, 1)
  if (q == '"' or q == "'") and v:sub(-1) == q and #v >= 2 then
    v = v:sub(2, -2)
    if q == '"' then v = v:gsub('\\"', '"'):gsub("\\n", "\n"):gsub("\\\\", "\\") else v = v:gsub("''", "'") end
  end
  return v
end

-- front_matter splits SKILL.md into its front matter (key: value lines,
-- with > and | block scalars for long values) and its body.
local function front_matter(s)
  s = s:gsub("^\239\187\191", ""):gsub("\r\n", "\n")
  local head, body = s:match("^%-%-%-\n(.-)\n%-%-%-\n?(.*)$")
  if not head then return {}, s end
  local meta, key, block, lines = {}, nil, nil, nil
  local function flush()
    if key and lines then
      meta[key] = table.concat(lines, block == "|" and "\n" or " ")
    end
    key, block, lines = nil, nil, nil
  end
  for line in (head .. "\n"):gmatch("(.-)\n") do
    if lines and (line:match("^%s+%S") or line == "") then
      lines[#lines + 1] = line:match("^%s*(.-)%s*$")
    else
      flush()
      local k, v = line:match("^([%w_%-]+):%s*(.*)$")
      if k then
        if v == ">" or v == "|" or v == ">-" or v == "|-" then
          key, block, lines = k, v:sub(1, 1), {}
        else
          meta[k] = unquote(v)
        end
      end
    end
  end
  flush()
  return meta, body
end

-- scan finds every layer's skills: name -> { name, description, file,
-- dir, layer }, and the names in order.
local function scan()
  local skills, order = {}, {}
  for _, layer in ipairs(panto.ext.dirs.layers) do
    local root = layer.dir .. "/skills"
    local entries = fs.scandir(root)
    for _, e in ipairs(entries or {}) do
      local dir = root .. "/" .. e.name
      local file = dir .. "/SKILL.md"
      if e.name:sub(1, 1) ~= "." and fs.stat(file) then
        local data = fs.read_file(file)
        if data then
          local meta = front_matter(data:sub(1, 16 * 1024))
          local name = meta.name ~= nil and meta.name ~= "" and meta.name or e.name
          if not skills[name] then order[#order + 1] = name end
          skills[name] = { name = name, description = meta.description or "", file = file, dir = dir, layer = layer.name }
        end
      end
    end
  end
  table.sort(order)
  return skills, order
end

local function listing(skills, order)
  if #order == 0 then
    return "No skills are installed. A skill is a folder under a layer's skills/ with a SKILL.md file."
  end
  local out = { text.plural(#order, "skill", "skills") .. ":" }
  for _, name in ipairs(order) do
    local s = skills[name]
    local desc = s.description ~= "" and (": " .. s.description:gsub("%s+", " ")) or ""
    out[#out + 1] = "- " .. name .. desc .. " [" .. s.layer .. "]"
  end
  return table.concat(out, "\n")
end

-- files lists a skill folder's other files, for the model to read when
-- the instructions refer to them.
local function files(dir)
  local out = {}
  fs.walk(dir, function(abs, rel, kind)
    if kind == "file" and rel ~= "SKILL.md" and #out < 50 then
      out[#out + 1] = path.display(abs)
    end
  end)
  table.sort(out)
  return out
end

local function run(args)
  local skills, order = scan()
  if not args.name then return listing(skills, order) end
  local s = skills[args.name]
  if not s then
    local hint = #order > 0 and ("; the skills are " .. table.concat(order, ", ")) or "; no skills are installed"
    std.fail("no skill named '%s'%s", args.name, hint)
  end
  local data, err = fs.read_file(s.file)
  if not data then std.fail("cannot read %s: it %s", path.display(s.file), fs.why(err)) end
  if #data > MAX_SKILL_BYTES then
    std.fail("%s is %s, more than a skill may be (%s)", path.display(s.file), text.size(#data), text.size(MAX_SKILL_BYTES))
  end
  local _, body = front_matter(data)
  local out = { "Skill " .. s.name .. " (" .. path.display(s.file) .. ")", "", (body:gsub("^\n+", ""):gsub("\n+$", "")) }
  local extra = files(s.dir)
  if #extra > 0 then
    out[#out + 1] = ""
    out[#out + 1] = "Files of this skill (use read to open them):"
    for _, f in ipairs(extra) do out[#out + 1] = "  " .. f end
  end
  return table.concat(out, "\n")
end

-- The description lists the skills found when the session started, so
-- the model knows what it can load; calls rescan, so a skill added
-- since is found too.
local function description()
  local ok, skills, order = pcall(scan)
  local list = ok and listing(skills, order) or "Call without a name to list the skills."
  return "Load a skill: instructions for a kind of task, kept in a SKILL.md file in a layer's skills/ folder. "
    .. "Call with a name to get the skill's instructions (and the files beside them); call without one to list the skills. "
    .. "When a task matches a skill's description, load it before starting.\n" .. list
end

return std.install_renderer({
  name = "skill",
  effects = { "read" },
  description = description(),
  params = {
    { name = "name", type = "string", nonempty = true, no_nul = true,
      description = "The skill to load; omit it to list the skills." },
  },
  run = run,
}, {
  title = function(input) return input.name or "(list)" end,
  body = function(call, width, styles)
    local lines = text.lines((call.output or ""):gsub("\n+$", ""))
    return std.preview(lines, call, styles, { collapsed = 1, expanded = 12 })
  end,
})
