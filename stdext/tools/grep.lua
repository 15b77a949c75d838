-- grep: search file contents for a regular expression, line by line.
--
-- The pattern is a regular expression in ripgrep's syntax as RE2 has it
-- (panto.regex): alternation, \w \d \s, classes, repetition of groups,
-- anchors. The walk and the search run in Go (panto.fs.search: ignore
-- files honoured, files read in parallel, literals found before the
-- expression runs); this file decides what to search and how the result
-- reads.
local std = require("_std")
local panto = require("panto")
local fs, path, text = std.fs, std.path, std.text

local DEFAULT_RESULTS, MAX_RESULTS = 100, 1000
local MAX_FILE = 8 * 1024 * 1024 -- larger files are skipped
local MAX_FILES = 100000         -- files searched per call at most
local MAX_LINE = 300             -- bytes of a matching line shown

-- lua_hint explains a search that found nothing when the pattern is
-- written in Lua's pattern syntax, which models learn from Lua code.
local function lua_hint(pattern)
  if pattern:find("%%[adswlupcxADSWLUPCX.%%()%[%]*+?-]") then
    return " Note: the pattern is a regular expression (ripgrep syntax), not a Lua pattern: write \\d, \\w, \\s "
      .. "for digits, word and space characters and \\. for a dot, not %d, %w, %s, %.; or set literal to true."
  end
  return ""
end

-- build compiles the search's expression from the input.
local function build(args)
  local pattern = args.pattern
  if args.literal then pattern = panto.regex.quote(pattern) end
  if args.word then pattern = "\\b(?:" .. pattern .. ")\\b" end
  local re, err = panto.regex.compile(pattern, args.ignore_case and "i" or "")
  if not re then
    std.fail("%s; set literal to true to search for the text as it is", err)
  end
  return re
end

-- cut_marks writes the marks of a line cut around its match.
local function shown_line(l)
  local s = text.valid_utf8(l.text)
  if l.cut_before then s = "[line cut: " .. text.size(l.cut_before) .. " before] …" .. s end
  if l.cut_after then s = s .. "… [line cut: " .. text.size(l.cut_after) .. " more]" end
  return s
end

local function run(args)
  local root = path.resolve(args.path or ".")
  local shown_root = path.display(root)
  local st, err = fs.stat(root)
  if not st then std.fail("cannot search %s: it %s", shown_root, fs.why(err)) end
  if st.type ~= "file" and st.type ~= "directory" then std.fail("%s is not a file or a folder", shown_root) end
  local re = build(args)
  -- A pattern that names a line end can only match across lines.
  local multiline = args.multiline or args.pattern:find("\\n", 1, true) ~= nil or args.pattern:find("\n", 1, true) ~= nil

  local ok, res = pcall(panto.fs.search, {
    path = root, regex = re, multiline = multiline, glob = args.glob,
    hidden = args.hidden, no_ignore = args.no_ignore,
    limit = args.max_results, max_line = MAX_LINE, max_filesize = MAX_FILE, max_files = MAX_FILES,
  })
  if not ok then
    local msg = tostring(res):gsub("^.-panto%.fs%.search: ", "")
    std.fail("%s", msg)
  end

  local out, cut = {}, 0
  for _, f in ipairs(res.files) do
    local shown = st.type == "file" and shown_root or path.display(path.join(root, f.path))
    for _, l in ipairs(f.lines) do
      if l.cut_before or l.cut_after then cut = cut + 1 end
      out[#out + 1] = string.format("%s:%d:%s", shown, l.line, shown_line(l))
    end
  end

  local notes = {}
  local more = res.matched_lines - #out
  if more > 0 then
    notes[#notes + 1] = string.format("[%s not shown (max_results=%d); narrow the search with path or glob, or raise max_results.]",
      text.plural(more, "more match", "more matches"), args.max_results)
  end
  if cut > 0 then
    notes[#notes + 1] = string.format("[%s cut to about %d bytes around the match.]", text.plural(cut, "long line"), MAX_LINE)
  end
  if res.stopped then
    notes[#notes + 1] = string.format("[Stopped after %d files; narrow the search with path or glob.]", MAX_FILES)
  end
  local extra = {}
  local sk = res.skipped
  if sk.binary > 0 then extra[#extra + 1] = text.plural(sk.binary, "binary file") end
  if sk.too_large > 0 then extra[#extra + 1] = text.plural(sk.too_large, "file") .. " over " .. text.size(MAX_FILE) end
  local skipped = fs.skipped_note(sk, extra)
  if skipped then notes[#notes + 1] = skipped end

  if #out == 0 then
    local where = st.type == "file" and shown_root or (shown_root .. " (" .. text.plural(res.searched, "file") .. " searched)")
    local msg = string.format("No matches for '%s' in %s.", args.pattern, where)
    if not args.literal then msg = msg .. lua_hint(args.pattern) end
    if #notes > 0 then msg = msg .. "\n" .. table.concat(notes, "\n") end
    return msg
  end
  out[#out + 1] = ""
  out[#out + 1] = string.format("%s in %s.", text.plural(res.matched_lines, "match", "matches"),
    text.plural(res.matched_files, "file"))
  for _, n in ipairs(notes) do out[#out + 1] = n end
  return table.concat(out, "\n")
end

return std.install_renderer({
  name = "grep",
  effects = { "read" }, path_field = "path",
  description = "Search file contents for a regular expression, like ripgrep (rg). The pattern uses ripgrep's "
    .. "regex syntax as RE2 supports it: | alternation, \\w \\d \\s \\b, [classes], groups with * + ? {n,m}, ^ $ anchors "
    .. "(per line); no look-around or backreferences. Set literal to true to search for text full of punctuation. "
    .. "Searches a file, or the files below a folder (default: the project root) the way rg does: files ignored by "
    .. ".gitignore/.ignore, hidden files, binary files and files over " .. (MAX_FILE // (1024 * 1024)) .. " MiB are skipped "
    .. "(the result says how many). Returns path:line:text for each matching line, then a count.",
  params = {
    { name = "pattern", type = "string", required = true, nonempty = true, no_nul = true,
      description = "The regular expression (ripgrep syntax), or plain text with literal = true." },
    { name = "path", type = "string", nonempty = true, no_nul = true,
      description = "A file or folder to search, relative to the project root or absolute. Default: the project root." },
    { name = "glob", type = "string", nonempty = true, no_nul = true,
      description = "Only search files matching this glob: '*.go' matches names at any depth, 'src/**/*.ts' paths below the searched folder; {a,b} alternatives." },
    { name = "ignore_case", type = "boolean", default = false,
      description = "Match regardless of case (rg -i). Default false." },
    { name = "word", type = "boolean", default = false,
      description = "Match whole words only (rg -w). Default false." },
    { name = "literal", type = "boolean", default = false,
      description = "Search for the pattern as plain text, not a regular expression (rg -F). Default false." },
    { name = "multiline", type = "boolean", default = false,
      description = "Let a match span lines (rg -U); on by itself when the pattern contains \\n. Default false." },
    { name = "hidden", type = "boolean", default = false,
      description = "Also search hidden files and folders (names starting with '.'; .git never). Default false." },
    { name = "no_ignore", type = "boolean", default = false,
      description = "Also search files that .gitignore or .ignore exclude. Default false." },
    { name = "max_results", type = "integer", min = 1, max = MAX_RESULTS, default = DEFAULT_RESULTS,
      description = "Show at most this many matching lines; the rest are counted. Default " .. DEFAULT_RESULTS .. "." },
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
