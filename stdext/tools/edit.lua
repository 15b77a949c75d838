-- edit: replace an exact piece of a file.
local std = require("_std")
local fs, path, text = std.fs, std.path, std.text

local MAX_FILE = 16 * 1024 * 1024 -- files larger than this are not edited in memory
local SNIPPET_CONTEXT = 3          -- lines shown around an edit
local SNIPPET_MAX = 30

-- find_all returns the start positions of the non-overlapping
-- occurrences of needle, searched literally.
local function find_all(hay, needle)
  local at, pos = {}, 1
  while true do
    local s, e = hay:find(needle, pos, true)
    if not s then return at end
    at[#at + 1] = s
    pos = e + 1
  end
end

-- replace_at rebuilds hay with needle replaced at the given starts;
-- concatenation, not gsub, so "%" in either string means itself.
local function replace_at(hay, starts, needle, repl)
  local parts, pos = {}, 1
  for _, s in ipairs(starts) do
    parts[#parts + 1] = hay:sub(pos, s - 1)
    parts[#parts + 1] = repl
    pos = s + #needle
  end
  parts[#parts + 1] = hay:sub(pos)
  return table.concat(parts)
end

local function squeeze(s) return (s:gsub("%s+", " "):gsub("^ ", ""):gsub(" $", "")) end

-- near_miss looks for why old_string did not match: the same text with
-- other whitespace or indentation is the usual reason. It returns a hint
-- naming the line where such a match starts, or "".
local function near_miss(content, old)
  local want = squeeze(old)
  if want == "" then return "" end
  local lines = text.lines(content)
  local first = squeeze(text.lines(old)[1] or "")
  local n = #text.lines(old)
  for i = 1, #lines do
    if first ~= "" and squeeze(lines[i]):find(first, 1, true) then
      local window = table.concat(lines, "\n", i, math.min(#lines, i + n - 1))
      if squeeze(window):find(want, 1, true) then
        return string.format("; text equal to it apart from whitespace starts at line %d: copy that text exactly (read the file to see it)", i)
      end
    end
  end
  return "; read the file to see its current text and copy old_string from it exactly"
end

local function line_list(content, starts)
  local nums, seen, pos, line = {}, {}, 1, 1
  for _, s in ipairs(starts) do
    line = line + select(2, content:sub(pos, s - 1):gsub("\n", ""))
    pos = s
    if not seen[line] then
      seen[line] = true
      nums[#nums + 1] = line
    end
  end
  if #nums > 10 then
    local more = #nums - 10
    nums = { table.unpack(nums, 1, 10) }
    return table.concat(nums, ", ") .. string.format(" and %d more", more)
  end
  return table.concat(nums, ", ")
end

-- snippet shows the edited region of the new content with line numbers,
-- so the model sees the result without reading the file again.
local function snippet(content, first_line, last_line)
  local lines = text.lines(content)
  local from = math.max(1, first_line - SNIPPET_CONTEXT)
  local to = math.min(#lines, last_line + SNIPPET_CONTEXT, from + SNIPPET_MAX - 1)
  local out = {}
  for i = from, to do
    out[#out + 1] = string.format("%6d\t%s", i, text.valid_utf8(text.cut(lines[i]:gsub("\r$", ""), 500)))
  end
  return table.concat(out, "\n")
end

local function run(args)
  local abs = path.resolve(args.path)
  local shown = path.display(abs)
  if args.old_string == "" then
    std.fail("old_string is empty; give the exact text to replace (to create a file or replace all of it, use write)")
  end
  if args.old_string == args.new_string then
    std.fail("old_string and new_string are the same; nothing would change")
  end

  local target = fs.realpath(abs) or abs -- edit the file a link points to, keep the link
  local st, err = fs.stat(target)
  if not st then
    if fs.code_of(err) == "ENOENT" then std.fail("%s does not exist; use write to create a file", shown) end
    std.fail("cannot edit %s: it %s", shown, fs.why(err))
  end
  if st.type == "directory" then std.fail("%s is a folder, not a file", shown) end
  if st.type ~= "file" then std.fail("%s is not a regular file (it is a %s)", shown, st.type) end
  if st.size > MAX_FILE then
    std.fail("%s is %s; edit handles files up to %s", shown, text.size(st.size), text.size(MAX_FILE))
  end
  local content, rerr = fs.read_file(target)
  if not content then std.fail("cannot read %s: %s", shown, tostring(rerr)) end
  if text.is_binary(content:sub(1, 8192)) then
    std.fail("%s looks like %s, not text; edit changes text files only", shown, text.binary_kind(content:sub(1, 16)))
  end

  local old, new = args.old_string, args.new_string
  local starts = find_all(content, old)
  local note = ""
  -- A file with Windows line ends never matches text a model typed with
  -- "\n": try again with "\r\n", and keep the file's line ends.
  if #starts == 0 and content:find("\r\n", 1, true) and old:find("\n", 1, true) and not old:find("\r", 1, true) then
    local old_crlf = old:gsub("\n", "\r\n")
    starts = find_all(content, old_crlf)
    if #starts > 0 then
      old, new = old_crlf, new:gsub("\r?\n", "\r\n")
      note = " (matched with the file's \\r\\n line ends)"
    end
  end
  if #starts == 0 then
    std.fail("old_string was not found in %s%s", shown, near_miss(content, args.old_string))
  end
  if #starts > 1 and not args.replace_all then
    std.fail("old_string occurs %d times in %s (lines %s); include more surrounding lines to make it unique, or set replace_all to true to replace every occurrence",
      #starts, shown, line_list(content, starts))
  end

  local updated = replace_at(content, starts, old, new)
  local n, werr = fs.write_atomic(target, updated, fs.permissions(st))
  if not n then std.fail("cannot write %s: %s (the file is unchanged)", shown, tostring(werr)) end

  local first_line = text.line_at(content, starts[1])
  if #starts == 1 then
    local last_line = first_line + text.count_lines(new) - 1
    if new == "" then last_line = first_line end
    return string.format("Edited %s: replaced 1 occurrence at line %d%s.\n%s", shown, first_line, note,
      snippet(updated, first_line, math.max(first_line, last_line)))
  end
  return string.format("Edited %s: replaced %d occurrences (lines %s)%s.", shown, #starts,
    line_list(content, starts), note)
end

return std.install_renderer({
  name = "edit",
  effects = { "write" }, path_field = "path",
  description = "Edit a file by replacing exact text: old_string must match the file's current content exactly "
    .. "(whitespace and indentation included) and, unless replace_all is true, exactly once; include enough "
    .. "surrounding lines to make it unique. The result shows the edited lines. The file is replaced atomically "
    .. "and keeps its permissions. Use write to create files. Paths are relative to the project root unless absolute.",
  params = {
    { name = "path", type = "string", required = true, nonempty = true, no_nul = true,
      description = "The file to edit, relative to the project root or absolute." },
    { name = "old_string", type = "string", required = true,
      description = "The exact text to replace." },
    { name = "new_string", type = "string", required = true,
      description = "The text to put in its place (may be empty to delete)." },
    { name = "replace_all", type = "boolean", default = false,
      description = "Replace every occurrence instead of requiring exactly one. Default false." },
  },
  run = run,
}, {
  title = function(input) return input.path end,
  body = function(call, width, styles)
    local out = { "  ⎿ " .. (text.lines(call.output or "")[1] or "") }
    local input = call.input
    if call.collapsed or type(input) ~= "table" then return out end
    local budget = 16
    local function add(prefix, role, s)
      for _, l in ipairs(text.lines(s)) do
        if budget == 0 then return end
        budget = budget - 1
        out[#out + 1] = "    " .. styles[role] .. prefix .. l .. styles.reset
      end
    end
    add("- ", "removed", input.old_string or "")
    add("+ ", "added", input.new_string or "")
    if budget == 0 then out[#out + 1] = "    " .. styles.muted .. "…" .. styles.reset end
    return out
  end,
})
