-- read: a text file's lines, numbered, a window at a time.
local std = require("_std")
local fs, path, text = std.fs, std.path, std.text

local DEFAULT_LIMIT = 2000      -- lines per call
local MAX_LINE = 2000           -- bytes of one line shown; the rest is cut
local MAX_OUTPUT = 50 * 1024    -- bytes of numbered output per call
local COUNT_ALL_UP_TO = 16 * 1024 * 1024 -- files this size are read to the end to count their lines
local SNIFF = 8192              -- bytes looked at to tell binary files

-- suggest names files beside a missing one that look like it (another
-- case, another extension), so a slightly wrong path costs one retry.
local function suggest(abs)
  local entries = fs.scandir(path.dirname(abs))
  if not entries then return "" end
  local want = path.basename(abs):lower()
  local stem = want:match("^(.+)%.[^.]*$") or want
  local found = {}
  for _, e in ipairs(entries) do
    local n = e.name:lower()
    if n == want or (n:match("^(.+)%.[^.]*$") or n) == stem then
      found[#found + 1] = path.display(path.join(path.dirname(abs), e.name))
      if #found == 3 then break end
    end
  end
  if #found == 0 then return "" end
  return "; did you mean " .. table.concat(found, " or ") .. "?"
end

local function run(args)
  local abs = path.resolve(args.path)
  local shown = path.display(abs)
  local st, err = fs.stat(abs)
  if not st then
    if fs.code_of(err) == "ENOENT" then std.fail("%s does not exist%s", shown, suggest(abs)) end
    std.fail("cannot read %s: it %s", shown, fs.why(err))
  end
  if st.type == "directory" then
    std.fail("%s is a folder, not a file; use ls to list it, or find and grep to search it", shown)
  end
  if st.type ~= "file" then
    std.fail("%s is not a regular file (it is a %s); read only reads files", shown, st.type)
  end
  local r, oerr = fs.open_reader(abs)
  if not r then std.fail("cannot read %s: it %s", shown, fs.why(oerr)) end

  local first = args.offset
  -- Clamped so that a huge limit cannot overflow the sum.
  local last = first + math.min(args.limit, 1 << 40) - 1
  local out, out_bytes = {}, 0
  local lineno = 0
  local pending = ""          -- an unfinished line carried to the next chunk
  local cut_lines = 0         -- lines shortened to MAX_LINE
  local stopped_by_size = false
  local shown_last = first - 1
  local counting_only = false -- past the window: only counting lines
  local sniffed = false
  local total_read = 0

  -- take handles one whole line; extra is how many bytes of it were not
  -- kept (a huge line is not held in memory whole).
  local function take(line, extra)
    lineno = lineno + 1
    if lineno < first or counting_only then return end
    if lineno > last then
      counting_only = true
      return
    end
    local full = #line + extra
    line = line:gsub("\r$", "")
    if full > MAX_LINE then
      line = text.cut(line, MAX_LINE) .. string.format(" … [line cut: %s more]", text.size(full - MAX_LINE))
      cut_lines = cut_lines + 1
    end
    local numbered = string.format("%6d\t%s", lineno, text.valid_utf8(line))
    if out_bytes + #numbered + 1 > MAX_OUTPUT and #out > 0 then
      stopped_by_size, counting_only = true, true
      return
    end
    out[#out + 1] = numbered
    out_bytes = out_bytes + #numbered + 1
    shown_last = lineno
  end

  local pending_extra = 0
  local function carry(piece)
    local room = MAX_LINE + 4 - #pending
    if #piece > room then
      pending_extra = pending_extra + #piece - math.max(room, 0)
      piece = piece:sub(1, math.max(room, 0))
    end
    pending = pending .. piece
  end

  while true do
    local data, rerr = r.read()
    if not data then
      r.close()
      std.fail("cannot read %s: %s", shown, tostring(rerr))
    end
    if not sniffed then
      sniffed = true
      local head = data:sub(1, SNIFF)
      if text.is_binary(head) then
        r.close()
        std.fail("%s looks like %s (%s), not text; read shows text files only", shown, text.binary_kind(head), text.size(st.size))
      end
    end
    if data == "" then break end
    total_read = total_read + #data
    if counting_only then
      -- Past the window: only the number of lines matters.
      lineno = lineno + select(2, data:gsub("\n", ""))
      pending, pending_extra = data:sub(-1) == "\n" and "" or "…", 0
      if st.size > COUNT_ALL_UP_TO then break end
    else
      local pos = 1
      while true do
        local nl = data:find("\n", pos, true)
        if not nl then
          carry(data:sub(pos))
          break
        end
        carry(data:sub(pos, nl - 1))
        take(pending, pending_extra)
        pending, pending_extra = "", 0
        pos = nl + 1
      end
    end
  end
  r.close()
  local complete = total_read >= st.size or not counting_only
  if pending ~= "" then take(pending, pending_extra) end

  if lineno == 0 then
    return string.format("(%s is empty)", shown)
  end
  if first > lineno and complete then
    std.fail("offset %d is past the end of %s, which has %s", first, shown, text.plural(lineno, "line"))
  end

  local notes = {}
  local total = complete and text.plural(lineno, "line") or "more lines"
  if stopped_by_size then
    notes[#notes + 1] = string.format("[Output cut at %s: showing lines %d-%d of %s. Use offset=%d to continue.]",
      text.size(MAX_OUTPUT), first, shown_last, total, shown_last + 1)
  elseif shown_last < lineno or not complete then
    notes[#notes + 1] = string.format("[Showing lines %d-%d of %s. Use offset=%d to continue.]",
      first, shown_last, total, shown_last + 1)
  end
  if cut_lines > 0 then
    notes[#notes + 1] = string.format("[%s longer than %d bytes %s cut.]",
      text.plural(cut_lines, "line"), MAX_LINE, cut_lines == 1 and "was" or "were")
  end
  if #notes > 0 then
    out[#out + 1] = ""
    for _, n in ipairs(notes) do out[#out + 1] = n end
  end
  return table.concat(out, "\n")
end

return std.install_renderer({
  name = "read",
  effects = { "read" }, path_field = "path",
  description = "Read a text file. Returns its lines numbered from 1 (a tab after each number), "
    .. "at most " .. DEFAULT_LIMIT .. " lines and " .. (MAX_OUTPUT // 1024) .. " KiB per call; "
    .. "use offset and limit to page through longer files (the result says where to continue). "
    .. "Lines longer than " .. MAX_LINE .. " bytes are cut. Binary files and folders are refused. "
    .. "Paths are relative to the project root unless absolute.",
  params = {
    { name = "path", type = "string", required = true, nonempty = true, no_nul = true,
      description = "The file to read, relative to the project root or absolute." },
    { name = "offset", type = "integer", min = 1, default = 1,
      description = "The first line to show (1-based). Default 1." },
    { name = "limit", type = "integer", min = 1, default = DEFAULT_LIMIT,
      description = "How many lines to show at most. Default " .. DEFAULT_LIMIT .. "." },
  },
  run = run,
}, {
  title = function(input)
    local t = input.path or ""
    local off, lim = tonumber(input.offset), tonumber(input.limit)
    if off or lim then
      off = off or 1
      t = t .. string.format(":%d-%s", off, lim and tostring(off + lim - 1) or "")
    end
    return t
  end,
  body = function(call, width, styles)
    local lines = std.text.lines(call.output or "")
    local n = 0
    for _, l in ipairs(lines) do
      if l:match("^%s*%d+\t") then n = n + 1 end
    end
    if call.collapsed or n == 0 then
      local summary = n == 0 and (lines[1] or "") or ("Read " .. std.text.plural(n, "line"))
      for _, l in ipairs(lines) do
        if l:match("^%[") then summary = summary .. " " .. styles.muted .. l .. styles.reset break end
      end
      return { "  ⎿ " .. summary }
    end
    return std.preview(lines, call, styles)
  end,
})
