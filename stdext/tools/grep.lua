-- grep: search file contents, line by line.
--
-- The pattern is a Lua pattern (the engine has no regular expressions,
-- and Lua patterns cover what searches mostly need: classes, anchors,
-- repetition); literal = true searches for the text as it is. Both are
-- said in the description, and a search that finds nothing with regex
-- syntax in it gets a hint.
local std = require("_std")
local fs, path, text, glob = std.fs, std.path, std.text, std.glob

local DEFAULT_RESULTS, MAX_RESULTS = 100, 1000
local MAX_FILE = 8 * 1024 * 1024 -- larger files are skipped
local MAX_FILES = 50000          -- files searched per call at most
local MAX_LINE = 300             -- bytes of a matching line shown
local READ_CHUNK = 256 * 1024

-- fold lower-cases a Lua pattern for a case-insensitive search of
-- lower-cased text, leaving the letter after "%" alone: %S and %W keep
-- their meaning.
local function fold(pattern)
  local out, i = {}, 1
  while i <= #pattern do
    local c = pattern:sub(i, i)
    if c == "%" then
      out[#out + 1] = pattern:sub(i, i + 1)
      i = i + 2
    else
      out[#out + 1] = c:lower()
      i = i + 1
    end
  end
  return table.concat(out)
end

-- set_end returns the position after the "]" closing the set that
-- starts at i, following lstrlib's rules (a "]" right after "[" or "[^"
-- is a member, "%" escapes the next character).
local function set_end(p, i)
  local j = i + 1
  if p:sub(j, j) == "^" then j = j + 1 end
  repeat
    if j > #p then return nil, "malformed pattern (missing ']')" end
    local c = p:sub(j, j)
    j = j + 1
    if c == "%" then j = j + 1 end
  until p:sub(j, j) == "]"
  return j + 1
end

-- pattern_error checks a Lua pattern's syntax before any file is read:
-- Lua reports some mistakes only when a match reaches them ("(a" fails
-- on a subject holding "a", not on others), which would make a search
-- fail or not depending on the files it meets.
local function pattern_error(p)
  local i, n = 1, #p
  local open, closed, count = {}, {}, 0
  while i <= n do
    local c = p:sub(i, i)
    if c == "%" then
      if i == n then return "malformed pattern (ends with '%')" end
      local d = p:sub(i + 1, i + 1)
      if d == "b" then
        if i + 3 > n then return "malformed pattern (missing arguments to '%b')" end
        i = i + 4
      elseif d == "f" then
        if p:sub(i + 2, i + 2) ~= "[" then return "missing '[' after '%f' in pattern" end
        local j, err = set_end(p, i + 2)
        if not j then return err end
        i = j
      elseif d:match("%d") then
        local k = tonumber(d)
        if k == 0 or not closed[k] then return "invalid capture index %" .. d end
        i = i + 2
      else
        i = i + 2
      end
    elseif c == "[" then
      local j, err = set_end(p, i)
      if not j then return err end
      i = j
    elseif c == "(" then
      count = count + 1
      if count > 32 then return "too many captures" end
      open[#open + 1] = count
      i = i + 1
    elseif c == ")" then
      if #open == 0 then return "invalid pattern capture (a ')' without '(')" end
      closed[open[#open]] = true
      open[#open] = nil
      i = i + 1
    else
      i = i + 1
    end
  end
  if #open > 0 then return "unfinished capture (a '(' without ')')" end
  return nil
end

-- regex_hint explains a search that found nothing when the pattern looks
-- like a regular expression.
local function regex_hint(pattern)
  if pattern:find("\\[dwsbDWSB.(){}%[%]|+*?]") or pattern:find("|", 1, true) or pattern:find("(?", 1, true) then
    return " Note: the pattern is a Lua pattern, not a regular expression: write %d, %w, %s for digits, "
      .. "word and space characters, %. to match a dot, and there is no | alternation; or set literal to true."
  end
  return ""
end

local function run(args)
  local root = path.resolve(args.path or ".")
  local shown_root = path.display(root)
  local st, err = fs.stat(root)
  if not st then std.fail("cannot search %s: it %s", shown_root, fs.why(err)) end

  local match_name
  if args.glob then
    local m, gerr = glob.compile(args.glob)
    if not m then std.fail("bad glob: %s", gerr) end
    match_name = m
  end

  local pattern, plain = args.pattern, args.literal
  if args.ignore_case then pattern = plain and pattern:lower() or fold(pattern) end
  if not plain then
    local perr = pattern_error(pattern)
    if perr then
      std.fail("invalid Lua pattern '%s': %s; set literal to true to search for the text as it is", args.pattern, perr)
    end
  end
  -- A match in a line is a match in the whole file (unless the pattern is
  -- anchored to the subject's start or end), so the whole content is
  -- tested first and only files that pass are split into lines.
  local prefilter = plain or not (pattern:sub(1, 1) == "^" or pattern:sub(-1) == "$")

  local results, files_matched, searched = {}, 0, 0
  local skipped_binary, skipped_large, unreadable = 0, 0, 0
  local limit_hit, files_hit = false, false

  -- load reads a file to search, or says why not: binary files are
  -- recognised from their first chunk and large ones stop being read at
  -- the limit, so neither is read whole for nothing.
  local function load(abs)
    local r = fs.open_reader(abs)
    if not r then return nil, "unreadable" end
    local parts, size = {}, 0
    while true do
      local data = r.read(READ_CHUNK)
      if not data then
        r.close()
        return nil, "unreadable"
      end
      if size == 0 and text.is_binary(data:sub(1, 8192)) then
        r.close()
        return nil, "binary"
      end
      size = size + #data
      if size > MAX_FILE then
        r.close()
        return nil, "large"
      end
      parts[#parts + 1] = data
      -- A short read of a regular file is its end: saves a round trip
      -- per file, which is most of the cost of searching small files.
      if #data < READ_CHUNK then break end
    end
    r.close()
    return table.concat(parts)
  end

  local function search(abs)
    searched = searched + 1
    local content, why = load(abs)
    if not content then
      if why == "binary" then
        skipped_binary = skipped_binary + 1
      elseif why == "large" then
        skipped_large = skipped_large + 1
      else
        unreadable = unreadable + 1
      end
      return
    end
    local hay = args.ignore_case and content:lower() or content
    if prefilter and not hay:find(pattern, 1, plain) then return end
    local shown = path.display(abs)
    local found = false
    local pos, lineno = 1, 0
    while pos <= #hay do
      lineno = lineno + 1
      local nl = hay:find("\n", pos, true) or (#hay + 1)
      local line = hay:sub(pos, nl - 1)
      if line:find(pattern, 1, plain) then
        found = true
        if #results >= args.max_results then
          limit_hit = true
          files_matched = files_matched + 1
          return "stop"
        end
        local orig = content:sub(pos, nl - 1):gsub("\r$", "")
        if #orig > MAX_LINE then orig = text.cut(orig, MAX_LINE) .. " …" end
        results[#results + 1] = string.format("%s:%d: %s", shown, lineno, text.valid_utf8(orig))
      end
      pos = nl + 1
    end
    if found then files_matched = files_matched + 1 end
  end

  -- The search runs under pcall: a pattern can still fail part-way (too
  -- complex, malformed past what the empty-subject check reached).
  local ok, serr = pcall(function()
    if st.type == "file" then
      search(root)
      return
    end
    if st.type ~= "directory" then std.fail("%s is not a file or a folder", shown_root) end
    local walked = fs.walk(root, function(abs, rel, t)
      if t ~= "file" then return end
      if match_name and not match_name(rel) then return end
      if searched >= MAX_FILES then
        files_hit = true
        return "stop"
      end
      return search(abs)
    end)
    unreadable = unreadable + walked.unreadable
  end)
  if not ok then
    local msg = tostring(serr)
    if msg:find("pattern", 1, true) or msg:find("capture", 1, true) then
      std.fail("invalid Lua pattern '%s': %s; set literal to true to search for the text as it is",
        args.pattern, (msg:gsub("^.-:%d+: ", "")))
    end
    error(serr, 0)
  end

  local notes = {}
  if limit_hit then
    notes[#notes + 1] = string.format("[Stopped at max_results=%d; narrow the search with path or glob, or raise max_results.]", args.max_results)
  end
  if files_hit then
    notes[#notes + 1] = string.format("[Stopped after searching %d files; narrow the search with path or glob.]", MAX_FILES)
  end
  local skipped = {}
  if skipped_binary > 0 then skipped[#skipped + 1] = text.plural(skipped_binary, "binary file") end
  if skipped_large > 0 then skipped[#skipped + 1] = text.plural(skipped_large, "file") .. " over " .. text.size(MAX_FILE) end
  if unreadable > 0 then skipped[#skipped + 1] = text.plural(unreadable, "unreadable file or folder", "unreadable files or folders") end
  if #skipped > 0 then notes[#notes + 1] = "[Skipped " .. table.concat(skipped, ", ") .. ".]" end

  if #results == 0 then
    local where = st.type == "file" and shown_root or (shown_root .. " (" .. text.plural(searched, "file") .. " searched)")
    local msg = string.format("No matches for '%s' in %s.", args.pattern, where)
    if not plain then msg = msg .. regex_hint(args.pattern) end
    if #notes > 0 then msg = msg .. "\n" .. table.concat(notes, "\n") end
    return msg
  end
  results[#results + 1] = ""
  results[#results + 1] = string.format("%s in %s.", text.plural(#results - 1, "match", "matches"), text.plural(files_matched, "file"))
  for _, n in ipairs(notes) do results[#results + 1] = n end
  return table.concat(results, "\n")
end

return std.install_renderer({
  name = "grep",
  effects = { "read" }, path_field = "path",
  description = "Search file contents line by line. The pattern is a Lua pattern, not a regular expression "
    .. "(. any character, %d digit, %w word character, %s space, %a letter, [set], * + - ? repetition, ^ $ anchors, "
    .. "%. a literal dot; no | alternation); set literal to true to search for the text as it is. "
    .. "Searches a file, or every file below a folder (default: the project root), skipping .git, binary files and files "
    .. "over " .. (MAX_FILE // (1024 * 1024)) .. " MiB. Returns path:line: text for each matching line, then a count.",
  params = {
    { name = "pattern", type = "string", required = true, nonempty = true, no_nul = true,
      description = "What to search for: a Lua pattern, or plain text with literal = true." },
    { name = "path", type = "string", nonempty = true, no_nul = true,
      description = "A file or folder to search, relative to the project root or absolute. Default: the project root." },
    { name = "glob", type = "string", nonempty = true, no_nul = true,
      description = "Only search files matching this glob: '*.go' matches names at any depth, 'src/**/*.ts' paths below the searched folder; {a,b} alternatives." },
    { name = "ignore_case", type = "boolean", default = false,
      description = "Match letters regardless of case. Default false." },
    { name = "literal", type = "boolean", default = false,
      description = "Search for the pattern as plain text instead of a Lua pattern. Default false." },
    { name = "max_results", type = "integer", min = 1, max = MAX_RESULTS, default = DEFAULT_RESULTS,
      description = "Stop after this many matching lines. Default " .. DEFAULT_RESULTS .. "." },
  },
  run = run,
}, {
  title = function(input)
    local t = input.pattern or ""
    if input.path then t = t .. " in " .. input.path end
    if input.glob then t = t .. " (" .. input.glob .. ")" end
    return t
  end,
  body = function(call, width, styles)
    local lines = text.lines((call.output or ""):gsub("\n+$", ""))
    if call.collapsed then
      for i = #lines, 1, -1 do
        if not lines[i]:match("^%[") then return { "  ⎿ " .. lines[i] } end
      end
    end
    return std.preview(lines, call, styles)
  end,
})
