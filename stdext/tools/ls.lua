-- ls: a folder's entries with their type and size.
local std = require("_std")
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
  return table.concat(out, "\n")
end

return std.install_renderer({
  name = "ls",
  effects = { "read" }, path_field = "path",
  description = "List a folder (default: the project root): one entry per line with its kind (file, dir, link, ...), "
    .. "its size (files) and its name; folders end in '/', links show their target. Sorted by name, hidden entries included, "
    .. "at most " .. MAX_ENTRIES .. " entries. Paths are relative to the project root unless absolute.",
  params = {
    { name = "path", type = "string", nonempty = true, no_nul = true,
      description = "The folder to list, relative to the project root or absolute. Default: the project root." },
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
