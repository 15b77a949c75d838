-- find: files and folders whose name or path matches a glob.
--
-- The walk and the glob run in Go (panto.fs.walk), with ripgrep's rules:
-- ignore files honoured, hidden names and .git skipped unless asked.
local std = require("_std")
local panto = require("panto")
local fs, path, text = std.fs, std.path, std.text

local DEFAULT_RESULTS, MAX_RESULTS = 200, 5000
local MAX_ENTRIES = 1000000 -- matches counted per call at most

local function run(args)
  local root = path.resolve(args.path or ".")
  local shown_root = path.display(root)
  local st, err = fs.stat(root)
  if not st then std.fail("cannot search %s: it %s", shown_root, fs.why(err)) end
  if st.type ~= "directory" then
    std.fail("%s is not a folder; find searches below a folder (use ls or read for a single file)", shown_root)
  end
  local ok, res = pcall(panto.fs.walk, {
    path = root, glob = args.pattern, type = args.type, hidden = args.hidden, no_ignore = args.no_ignore,
    limit = args.max_results, max_entries = MAX_ENTRIES,
  })
  if not ok then
    local msg = tostring(res):gsub("^.-panto%.fs%.walk: ", "")
    std.fail("bad glob: %s", msg)
  end

  local found = {}
  for _, e in ipairs(res.entries) do
    found[#found + 1] = path.display(path.join(root, e.path)) .. (e.type == "directory" and "/" or "")
  end
  local notes = {}
  if res.total > #found then
    notes[#notes + 1] = string.format("[%s not shown (max_results=%d); narrow the pattern or path, or raise max_results.]",
      text.plural(res.total - #found, "more match", "more matches"), args.max_results)
  end
  if res.stopped then
    notes[#notes + 1] = string.format("[Stopped after %d matches; narrow the path.]", MAX_ENTRIES)
  end
  local skipped = fs.skipped_note(res.skipped)
  if skipped then notes[#notes + 1] = skipped end
  if #found == 0 then
    local msg = string.format("No files or folders match '%s' below %s.", args.pattern, shown_root)
    if not args.pattern:find("/", 1, true) and not args.pattern:find("[*?%[{]") then
      msg = msg .. " (The glob must match the whole name: try '*" .. args.pattern .. "*'.)"
    end
    if #notes > 0 then msg = msg .. "\n" .. table.concat(notes, "\n") end
    return msg
  end
  found[#found + 1] = ""
  found[#found + 1] = text.plural(res.total, "match", "matches") .. "."
  for _, n in ipairs(notes) do found[#found + 1] = n end
  return table.concat(found, "\n")
end

return std.install_renderer({
  name = "find",
  effects = { "read" }, path_field = "path",
  description = "Find files and folders by glob, below a folder (default: the project root), the way rg --files and fd do: "
    .. "files ignored by .gitignore/.ignore, hidden files and .git are skipped (the result says how many). "
    .. "A glob without '/' matches names at any depth ('*.go', 'README*', '*test*'); a glob with '/' matches the path "
    .. "below the searched folder ('src/**/*.ts', 'cmd/*/main.go'). * ? [abc] {a,b} and ** work as in shells. "
    .. "Returns one path per line (folders end in '/'), sorted, relative to the project root.",
  params = {
    { name = "pattern", type = "string", required = true, nonempty = true, no_nul = true,
      description = "The glob to match, e.g. '*.lua' or 'src/**/test_*.py'." },
    { name = "path", type = "string", nonempty = true, no_nul = true,
      description = "The folder to search, relative to the project root or absolute. Default: the project root." },
    { name = "type", type = "string", enum = { "file", "directory" },
      description = "Only files or only folders. Default: both." },
    { name = "hidden", type = "boolean", default = false,
      description = "Also find hidden files and folders (names starting with '.'; .git never). Default false." },
    { name = "no_ignore", type = "boolean", default = false,
      description = "Also find what .gitignore or .ignore exclude. Default false." },
    { name = "max_results", type = "integer", min = 1, max = MAX_RESULTS, default = DEFAULT_RESULTS,
      description = "Show at most this many matches; the rest are counted. Default " .. DEFAULT_RESULTS .. "." },
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
