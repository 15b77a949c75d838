-- find: files and folders whose path matches a glob.
local std = require("_std")
local fs, path, text, glob = std.fs, std.path, std.text, std.glob

local DEFAULT_RESULTS, MAX_RESULTS = 200, 5000
local MAX_VISITS = 200000 -- entries looked at per call at most

local function run(args)
  local root = path.resolve(args.path or ".")
  local shown_root = path.display(root)
  local st, err = fs.stat(root)
  if not st then std.fail("cannot search %s: it %s", shown_root, fs.why(err)) end
  if st.type ~= "directory" then
    std.fail("%s is not a folder; find searches below a folder (use ls or read for a single file)", shown_root)
  end
  local match, gerr = glob.compile(args.pattern)
  if not match then std.fail("bad glob: %s", gerr) end

  local found, visits = {}, 0
  local limit_hit, visits_hit = false, false
  local walked = fs.walk(root, function(abs, rel, t)
    visits = visits + 1
    if visits > MAX_VISITS then
      visits_hit = true
      return "stop"
    end
    if match(rel) then
      if #found >= args.max_results then
        limit_hit = true
        return "stop"
      end
      found[#found + 1] = path.display(abs) .. (t == "directory" and "/" or "")
    end
  end)

  local notes = {}
  if limit_hit then
    notes[#notes + 1] = string.format("[Stopped at max_results=%d; narrow the pattern or path, or raise max_results.]", args.max_results)
  end
  if visits_hit then
    notes[#notes + 1] = string.format("[Stopped after looking at %d entries; narrow the path.]", MAX_VISITS)
  end
  if walked.unreadable > 0 then
    notes[#notes + 1] = "[" .. text.plural(walked.unreadable, "folder") .. " could not be read.]"
  end
  if #found == 0 then
    local msg = string.format("No files or folders match '%s' below %s.", args.pattern, shown_root)
    if not args.pattern:find("/", 1, true) and not args.pattern:find("[*?%[{]") then
      msg = msg .. " (The glob must match the whole name: try '*" .. args.pattern .. "*'.)"
    end
    if #notes > 0 then msg = msg .. "\n" .. table.concat(notes, "\n") end
    return msg
  end
  found[#found + 1] = ""
  found[#found + 1] = text.plural(#found - 1, "match", "matches") .. "."
  for _, n in ipairs(notes) do found[#found + 1] = n end
  return table.concat(found, "\n")
end

return std.install_renderer({
  name = "find",
  effects = { "read" }, path_field = "path",
  description = "Find files and folders by glob, below a folder (default: the project root), skipping .git. "
    .. "A glob without '/' matches names at any depth ('*.go', 'README*', '*test*'); a glob with '/' matches the path "
    .. "below the searched folder ('src/**/*.ts', 'cmd/*/main.go'). * ? [abc] {a,b} and ** work as in shells. "
    .. "Returns one path per line (folders end in '/'), sorted, relative to the project root.",
  params = {
    { name = "pattern", type = "string", required = true, nonempty = true, no_nul = true,
      description = "The glob to match, e.g. '*.lua' or 'src/**/test_*.py'." },
    { name = "path", type = "string", nonempty = true, no_nul = true,
      description = "The folder to search, relative to the project root or absolute. Default: the project root." },
    { name = "max_results", type = "integer", min = 1, max = MAX_RESULTS, default = DEFAULT_RESULTS,
      description = "Stop after this many matches. Default " .. DEFAULT_RESULTS .. "." },
  },
  run = run,
}, {
  title = function(input)
    return (input.pattern or "") .. (input.path and (" in " .. input.path) or "")
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
