-- write: create or replace a file with the given content.
local std = require("_std")
local fs, path, text = std.fs, std.path, std.text
local panto = require("panto")

local function run(args)
  local abs = path.resolve(args.path)
  local shown = path.display(abs)
  if args.path:sub(-1) == "/" then
    std.fail("%s names a folder (it ends in '/'); give a file path", args.path)
  end

  -- Write through a symbolic link to the file it points to: renaming over
  -- the link would replace it with a plain file.
  local target = abs
  local lst = fs.lstat(abs)
  if lst and lst.type == "link" then
    local real = fs.realpath(abs)
    if real then target = real end
  end
  local st, err = fs.stat(target)
  local mode
  if st then
    if st.type == "directory" then
      std.fail("%s is a folder; write writes files (give a file path inside it)", shown)
    end
    if st.type ~= "file" then
      std.fail("%s is not a regular file (it is a %s); write only replaces regular files", shown, st.type)
    end
    mode = fs.permissions(st)
  elseif fs.code_of(err) ~= "ENOENT" and fs.code_of(err) ~= "ENOTDIR" then
    std.fail("cannot write %s: it %s", shown, fs.why(err))
  end

  local created, merr = fs.mkdir_p(path.dirname(target))
  if not created then std.fail("%s", merr) end

  local n, werr = fs.write_atomic(target, args.content, mode)
  if not n then std.fail("cannot write %s: %s", shown, tostring(werr)) end

  local what = st and "Overwrote" or "Created"
  local msg = string.format("%s %s (%s, %s)", what, shown, text.plural(n, "byte"), text.plural(text.count_lines(args.content), "line"))
  if st then msg = msg .. string.format("; it had %s", text.plural(st.size, "byte")) end
  if #created > 0 then
    local dirs = {}
    for _, d in ipairs(created) do dirs[#dirs + 1] = path.display(d) end
    msg = msg .. "; created " .. (#dirs == 1 and "folder " or "folders ") .. table.concat(dirs, ", ")
  end
  if target ~= abs then msg = msg .. "; " .. shown .. " is a link to " .. path.display(target) end
  return msg .. "."
end

-- Languages highlight knows, by file extension.
local SLUGS = {
  lua = "lua", go = "go", py = "python", js = "js", mjs = "js", cjs = "js", ts = "ts", tsx = "tsx",
  jsx = "jsx", json = "json", sh = "sh", bash = "bash", zsh = "zsh", diff = "diff", patch = "diff",
}

return std.install_renderer({
  name = "write",
  effects = { "write" }, path_field = "path",
  description = "Write a file: create it, or replace its whole content. Missing parent folders are created. "
    .. "The file is replaced atomically (a temporary file beside it, then a rename), and an existing file keeps its permissions. "
    .. "To change part of a file, prefer edit. Paths are relative to the project root unless absolute.",
  params = {
    { name = "path", type = "string", required = true, nonempty = true, no_nul = true,
      description = "The file to write, relative to the project root or absolute." },
    { name = "content", type = "string", required = true,
      description = "The complete new content of the file." },
  },
  run = run,
}, {
  title = function(input) return input.path end,
  body = function(call, width, styles)
    local chunks = { "  ⎿ " .. (call.output or "") }
    local content = type(call.input) == "table" and call.input.content
    if call.collapsed or type(content) ~= "string" or content == "" then return chunks end
    local slug = SLUGS[std.path.extension(call.input.path or "")]
    local lines = std.text.lines(slug and panto.ext.highlight(content, slug) or content)
    local limit = 12
    for i = 1, math.min(#lines, limit) do chunks[#chunks + 1] = "    " .. lines[i] end
    if #lines > limit then
      chunks[#chunks + 1] = "    " .. styles.muted .. "… +" .. (#lines - limit) .. " lines" .. styles.reset
    end
    return chunks
  end,
})
