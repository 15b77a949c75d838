-- Glob patterns for find and grep, as shells and ripgrep write them:
--
--   *        any run of characters except "/"
--   ?        one character (not "/")
--   [abc]    one of the characters; [a-z] a range; [!abc] or [^abc] none of them
--   {a,b}    either alternative (may nest, may contain the others)
--   **       as a whole path segment: any number of folders, none included
--   \x       the character x itself
--
-- A pattern without "/" is matched against the file's name alone, so
-- "*.go" finds Go files at every depth; a pattern with "/" is matched
-- against the path relative to the search folder ("src/**/*.lua").
--
-- Lua patterns have no alternation, so braces are expanded into several
-- patterns, and each path segment becomes one anchored Lua pattern; "**"
-- is handled by the segment matcher.
local M = {}

-- expand_braces returns the alternatives of a pattern's {a,b} groups.
local function expand_braces(p)
  local depth, open = 0, nil
  local i = 1
  while i <= #p do
    local c = p:sub(i, i)
    if c == "\\" then
      i = i + 1
    elseif c == "{" then
      if depth == 0 then open = i end
      depth = depth + 1
    elseif c == "}" and depth > 0 then
      depth = depth - 1
      if depth == 0 then
        -- Split the group's body at its top-level commas.
        local body, parts, d, start = p:sub(open + 1, i - 1), {}, 0, 1
        local j = 1
        while j <= #body do
          local b = body:sub(j, j)
          if b == "\\" then
            j = j + 1
          elseif b == "{" then
            d = d + 1
          elseif b == "}" then
            d = d - 1
          elseif b == "," and d == 0 then
            parts[#parts + 1] = body:sub(start, j - 1)
            start = j + 1
          end
          j = j + 1
        end
        parts[#parts + 1] = body:sub(start)
        local out = {}
        local before, after = p:sub(1, open - 1), p:sub(i + 1)
        for _, part in ipairs(parts) do
          for _, e in ipairs(expand_braces(before .. part .. after)) do
            out[#out + 1] = e
          end
        end
        return out
      end
    end
    i = i + 1
  end
  return { p }
end

-- segment_pattern turns one path segment of a glob into an anchored Lua
-- pattern, or returns nil and why the glob is malformed.
local function segment_pattern(seg)
  local out = { "^" }
  local i = 1
  while i <= #seg do
    local c = seg:sub(i, i)
    if c == "*" then
      out[#out + 1] = ".*"
    elseif c == "?" then
      out[#out + 1] = "[^\x80-\xBF][\x80-\xBF]*" -- one UTF-8 character
    elseif c == "[" then
      local j = i + 1
      local negate = false
      if seg:sub(j, j) == "!" or seg:sub(j, j) == "^" then
        negate, j = true, j + 1
      end
      local set = {}
      local first = true
      while j <= #seg and (seg:sub(j, j) ~= "]" or first) do
        local ch = seg:sub(j, j)
        if ch == "\\" and j < #seg then
          j = j + 1
          ch = seg:sub(j, j)
          set[#set + 1] = "%" .. ch
        elseif ch == "-" and not first and seg:sub(j + 1, j + 1) ~= "]" then
          set[#set + 1] = "-"
        elseif ch:match("%p") then
          set[#set + 1] = "%" .. ch
        else
          set[#set + 1] = ch
        end
        first = false
        j = j + 1
      end
      if j > #seg then
        return nil, "unclosed '[' in glob"
      end
      out[#out + 1] = "[" .. (negate and "^" or "") .. table.concat(set) .. "]"
      i = j
    elseif c == "\\" and i < #seg then
      i = i + 1
      out[#out + 1] = "%" .. seg:sub(i, i)
    elseif c:match("%p") then
      out[#out + 1] = "%" .. c
    else
      out[#out + 1] = c
    end
    i = i + 1
  end
  out[#out + 1] = "$"
  return table.concat(out)
end

local function split(p)
  local segs = {}
  for s in p:gmatch("[^/]+") do segs[#segs + 1] = s end
  return segs
end

-- match_segments matches path segments against compiled glob segments,
-- where "**" takes any number of path segments.
local function match_segments(globs, gi, segs, si)
  while gi <= #globs do
    local g = globs[gi]
    if g == "**" then
      if gi == #globs then return true end
      for k = si, #segs do
        if match_segments(globs, gi + 1, segs, k) then return true end
      end
      return false
    end
    if si > #segs or not segs[si]:find(g) then return false end
    gi, si = gi + 1, si + 1
  end
  return si > #segs
end

-- compile returns a matcher(rel_path) -> boolean, or nil and an error.
-- Leading "./" is ignored: "./src/*.go" means "src/*.go".
function M.compile(glob)
  if type(glob) ~= "string" or glob == "" then
    return nil, "the glob is empty"
  end
  glob = glob:gsub("^%./", "")
  local alternatives = {}
  for _, alt in ipairs(expand_braces(glob)) do
    local has_slash = alt:find("/", 1, true) ~= nil
    local segs = {}
    for _, s in ipairs(split(alt)) do
      if s == "**" then
        segs[#segs + 1] = "**"
      else
        local pat, err = segment_pattern(s)
        if not pat then return nil, err .. ": " .. glob end
        segs[#segs + 1] = pat
      end
    end
    alternatives[#alternatives + 1] = { segs = segs, whole = has_slash }
  end
  return function(rel)
    local segs
    for _, a in ipairs(alternatives) do
      if a.whole then
        segs = segs or split(rel)
        if match_segments(a.segs, 1, segs, 1) then return true end
      else
        local name = rel:match("([^/]*)$")
        if match_segments(a.segs, 1, { name }, 1) then return true end
      end
    end
    return false
  end
end

return M
