-- ls: a folder's entries with their type and size.
local std = require("_std")
local panto = require("panto")
local fs, path, text = std.fs, std.path, std.text

local MAX_ENTRIES = 1000

local KINDS = { file = "file", directory = "dir", link = "link", fifo = "fifo", socket = "sock",
  char = "char", block = "block", unknown = "?" }

-- line formats one entry: kind, size (files only), name ("/" after a
-- folder, " -> target" after a link).
local function line(kind, size, name)
  return string.format("%-5s %10s  %s", kind, size, name)
end

local function describe(abs, name, st)
  if not st then return line("?", "-", name) end
  local kind = KINDS[st.type] or st.type
  if st.type == "directory" then return line(kind, "-", name .. "/") end
  if st.type == "link" then
    local target = fs.readlink(abs) or "?"
    local tst = fs.stat(abs)
    local suffix = tst and (tst.type == "directory" and "/" or "") or " (broken)"
    return line(kind, "-", name .. " -> " .. target .. suffix)
  end
  if st.type == "file" then return line(kind, text.size(st.size), name) end
  return line(kind, "-", name)
end

local function run(args)
  local abs = path.resolve(args.path or ".")
  local shown = path.display(abs)
  local st, err = fs.stat(abs)
  if not st then std.fail("cannot list %s: it %s", shown, fs.why(err)) end
  if st.type ~= "directory" then
    -- A file: describe it alone, as ls does.
    return describe(abs, shown, fs.lstat(abs) or st)
  end
  local entries, serr = fs.scandir(abs)
  if not entries then std.fail("cannot list %s: it %s", shown, fs.why(serr)) end
  if #entries == 0 then return string.format("%s is empty.", shown) end
  local left_out = {}
  if not args.no_ignore then
    -- What the walker would leave out, hidden names apart (ls shows
    -- them): .git and what .gitignore or .ignore exclude.
    local all = panto.fs.walk { path = abs, max_depth = 1, hidden = true, no_ignore = true }
    local kept = panto.fs.walk { path = abs, max_depth = 1, hidden = true }
    local keep = {}
    for _, e in ipairs(kept.entries) do keep[e.path] = true end
    local dropped = {}
    for _, e in ipairs(all.entries) do
      if not keep[e.path] then dropped[e.path] = e.type == "directory" and "/" or "" end
    end
    local rest = {}
    for _, e in ipairs(entries) do
      if dropped[e.name] then
        left_out[#left_out + 1] = e.name .. dropped[e.name]
      elseif fs.SKIP_DIRS[e.name] and e.type == "directory" then
        left_out[#left_out + 1] = e.name .. "/"
      else
        rest[#rest + 1] = e
      end
    end
    entries = rest
    table.sort(left_out)
  end
  if #entries == 0 then
    return string.format("%s has nothing but entries git ignores: %s (set no_ignore to true to list them).", shown,
      table.concat(left_out, ", "))
  end

  -- Sorted by name ignoring case (then by bytes, so the order is total),
  -- the way people scan a listing.
  table.sort(entries, function(a, b)
    local la, lb = a.name:lower(), b.name:lower()
    if la ~= lb then return la < lb end
    return a.name < b.name
  end)
  local total = #entries
  local shown_n = math.min(total, MAX_ENTRIES)
  local paths = {}
  for i = 1, shown_n do paths[i] = path.join(abs, entries[i].name) end
  local stats = fs.stat_many(paths, true)

  local dirs, files = 0, 0
  local out = {}
  for i = 1, shown_n do
    local e = entries[i]
    local s = stats[i]
    if s and s.type == "directory" then dirs = dirs + 1 elseif s and s.type == "file" then files = files + 1 end
    out[#out + 1] = describe(paths[i], e.name, s)
  end
  local summary = string.format("%s: %s (%s, %s)", shown, text.plural(total, "entry", "entries"),
    text.plural(dirs, "folder"), text.plural(files, "file"))
  if shown_n < total then
    summary = string.format("%s: %s; showing the first %d (counts are for those). Use find or a narrower path for the rest.",
      shown, text.plural(total, "entry", "entries"), shown_n)
  end
  table.insert(out, 1, summary)
  if #left_out > 0 then
    local names = {}
    for i = 1, math.min(#left_out, 10) do names[i] = left_out[i] end
    if #left_out > 10 then names[#names + 1] = "…" end
    out[#out + 1] = string.format("[Not listed: %s (%s); set no_ignore to true to list them.]",
      text.plural(#left_out, "entry", "entries") .. " that git ignores", table.concat(names, ", "))
  end
  return table.concat(out, "\n")
end

return std.install_renderer({
  name = "ls",
  effects = { "read" }, path_field = "path",
  description = "List a folder (default: the project root): one entry per line with its kind (file, dir, link, ...), "
    .. "its size (files) and its name; folders end in '/', links show their target. Sorted by name, hidden entries included, "
    .. ".git and entries .gitignore excludes named in a note instead, "
    .. "at most " .. MAX_ENTRIES .. " entries. Paths are relative to the project root unless absolute.",
  params = {
    { name = "path", type = "string", nonempty = true, no_nul = true,
      description = "The folder to list, relative to the project root or absolute. Default: the project root." },
    { name = "no_ignore", type = "boolean", default = false,
      description = "Also list .git and what .gitignore or .ignore exclude (they are named in a note otherwise). Default false." },
  },
  run = run,
}, {
  title = function(input) return input.path or "." end,
  body = function(call, width, styles)
    local lines = text.lines((call.output or ""):gsub("\n+$", ""))
    if call.collapsed then return { "  ⎿ " .. (lines[1] or "") } end
    return std.preview(lines, call, styles)
  end,
})
