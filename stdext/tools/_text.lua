-- Text helpers for the standard tools: results go to a model as JSON
-- strings, so they must be valid UTF-8, and they must stay a reasonable
-- size whatever a file or a command produces.
local M = {}

local REPLACEMENT = "\u{FFFD}"

-- valid_utf8 replaces every byte that is not part of a valid UTF-8
-- sequence with U+FFFD, as the render pipeline does, so that a Latin-1
-- file or a command's binary output cannot break the JSON sent to the
-- model.
function M.valid_utf8(s)
  if utf8.len(s) then return s end
  local out, i = {}, 1
  while i <= #s do
    local ok, bad = utf8.len(s, i)
    if ok then
      out[#out + 1] = s:sub(i)
      break
    end
    out[#out + 1] = s:sub(i, bad - 1)
    out[#out + 1] = REPLACEMENT
    i = bad + 1
  end
  return table.concat(out)
end

-- trim_partial drops an incomplete UTF-8 sequence at the end of s, left
-- by cutting text at a byte count.
function M.trim_partial(s)
  for back = 1, math.min(3, #s) do
    local b = s:byte(#s - back + 1)
    if b < 0x80 then return s end
    if b >= 0xC0 then
      local need = b >= 0xF0 and 4 or b >= 0xE0 and 3 or 2
      if back < need then return s:sub(1, #s - back) end
      return s
    end
  end
  return s
end

-- cut returns s shortened to at most n bytes at a character boundary.
function M.cut(s, n)
  if #s <= n then return s end
  return M.trim_partial(s:sub(1, n))
end

-- is_binary guesses from a file's first bytes: text files do not hold NUL
-- bytes (UTF-16 files do, and are refused too: the tools work on UTF-8).
function M.is_binary(head)
  return head:find("\0", 1, true) ~= nil
end

-- kind names a binary file for a polite refusal, from its magic number.
function M.binary_kind(head)
  local magics = {
    { "\x89PNG", "a PNG image" }, { "\xFF\xD8\xFF", "a JPEG image" },
    { "GIF8", "a GIF image" }, { "%PDF", "a PDF document" },
    { "PK\x03\x04", "a ZIP archive" }, { "\x7FELF", "an ELF executable" },
    { "\x1F\x8B", "a gzip archive" }, { "\0asm", "a WebAssembly module" },
    { "\xCF\xFA\xED\xFE", "a Mach-O executable" }, { "MZ", "a Windows executable" },
  }
  for _, m in ipairs(magics) do
    if head:sub(1, #m[1]) == m[1] then return m[2] end
  end
  if head:sub(1, 4) == "RIFF" and head:sub(9, 12) == "WEBP" then return "a WebP image" end
  if head:sub(1, 2) == "\xFF\xFE" or head:sub(1, 2) == "\xFE\xFF" then return "a UTF-16 text file" end
  return "a binary file"
end

-- size is a byte count for people: "812 B", "12.4 KiB", "3.0 MiB".
function M.size(n)
  if n < 1024 then return string.format("%d B", n) end
  local units = { "KiB", "MiB", "GiB", "TiB" }
  local v = n / 1024
  for i, u in ipairs(units) do
    if v < 1024 or i == #units then return string.format("%.1f %s", v, u) end
    v = v / 1024
  end
end

-- plural: "1 line", "3 lines".
function M.plural(n, one, many)
  return string.format("%d %s", n, n == 1 and one or (many or one .. "s"))
end

-- count_lines counts lines the way an editor does: a last line without a
-- newline still counts; an empty string has none.
function M.count_lines(s)
  if s == "" then return 0 end
  local n = select(2, s:gsub("\n", ""))
  if s:sub(-1) ~= "\n" then n = n + 1 end
  return n
end

-- lines splits s at "\n" (a "\r" before it stays, for the caller to
-- decide); a final newline does not start another line.
function M.lines(s)
  local out, pos = {}, 1
  while pos <= #s do
    local nl = s:find("\n", pos, true)
    if not nl then
      out[#out + 1] = s:sub(pos)
      break
    end
    out[#out + 1] = s:sub(pos, nl - 1)
    pos = nl + 1
  end
  return out
end

-- line_at is the 1-based line number of byte position pos in s.
function M.line_at(s, pos)
  return select(2, s:sub(1, pos - 1):gsub("\n", "")) + 1
end

-- capture keeps a stream's first head_max and last tail_max bytes and
-- counts the rest: a command that prints a gigabyte costs memory for a
-- few kilobytes, and the model still sees how it started and how it
-- ended (where errors and summaries usually are).
function M.capture(head_max, tail_max)
  local c = { head = {}, head_n = 0, tail = {}, tail_n = 0, total = 0 }
  function c.add(data)
    c.total = c.total + #data
    if c.head_n < head_max then
      local take = math.min(#data, head_max - c.head_n)
      c.head[#c.head + 1] = data:sub(1, take)
      c.head_n = c.head_n + take
      data = data:sub(take + 1)
    end
    if #data == 0 then return end
    c.tail[#c.tail + 1] = data
    c.tail_n = c.tail_n + #data
    while #c.tail > 1 and c.tail_n - #c.tail[1] >= tail_max do
      c.tail_n = c.tail_n - #c.tail[1]
      table.remove(c.tail, 1)
    end
  end
  -- text returns what was kept, as valid UTF-8 with a marker where
  -- bytes were left out, and how many bytes were left out.
  function c.text()
    local head = table.concat(c.head)
    local tail = table.concat(c.tail)
    if #tail > tail_max then tail = tail:sub(-tail_max) end
    if c.total == #head + #tail then return M.valid_utf8(head .. tail), 0 end
    head = M.trim_partial(head)
    tail = tail:gsub("^[\x80-\xBF]+", "")
    local omitted = c.total - #head - #tail
    local marker = string.format("\n… [%s omitted] …\n", M.plural(omitted, "byte"))
    return M.valid_utf8(head) .. marker .. M.valid_utf8(tail), omitted
  end
  return c
end

return M
