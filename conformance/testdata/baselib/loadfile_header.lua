-- loadfile and dofile skip a UTF-8 byte-order mark and a first line
-- starting with '#'; a binary chunk may follow that line. load does not.
local name = os.tmpname()
local function put(s) local f = assert(io.open(name, "wb")); f:write(s); f:close() end
local cases = {
  {"bom", "\xEF\xBB\xBFreturn 1"},
  {"partial bom", "\xEF\xBBreturn 1"},
  {"shebang", "#!/usr/bin/lua\nreturn 2"},
  {"bom shebang", "\xEF\xBB\xBF#!lua\nreturn 3"},
  {"shebang line numbers", "#!lua\nerror('at line 2')"},
  {"shebang only", "#!lua"},
  {"binary after shebang", "#!lua\n" .. string.dump(function() return 42 end)},
  {"binary after bom", "\xEF\xBB\xBF" .. string.dump(function() return 43 end)},
  {"two comment lines", "# one\n# two\nreturn 4"},
}
for _, c in ipairs(cases) do
  put(c[2])
  local f, err = loadfile(name)
  if f then
    local function clean(ok, ...)
      if ok then return ok, ... end
      return ok, (tostring(...):gsub("^[^:]*:", "FILE:"))
    end
    print(c[1], clean(pcall(f)))
    print(c[1], clean(pcall(dofile, name)))
  else
    print(c[1], (err:gsub("^[^:]*:", "FILE:")))
  end
end
put("#!lua\n" .. string.dump(function() return 5 end))
print(loadfile(name, "t"))
put("\xEF\xBB\xBFreturn 6")
print(select(2, load(io.open(name, "rb"):read("a"))))
os.remove(name)
