-- A pure-Lua stand-in for LuaFileSystem, the same for every interpreter
-- measured (panto loads no C modules): enough of it for luacheck and
-- ldoc, through io.popen and io.open. It also points package.path at
-- the Debian packages' Lua 5.1 tree, where luacheck, ldoc and penlight live.
package.path = "/usr/share/lua/5.1/?.lua;/usr/share/lua/5.1/?/init.lua;" .. package.path
-- No C module either: lua5.4 would find lpeg or lfs where panto cannot,
-- and the programs would not run the same code.
package.cpath = ""
package.preload.lfs = function()
  local lfs = {_VERSION = "LuaFileSystem 1.8.0"}
  local function sh(cmd)
    local p = io.popen(cmd)
    local out = p:read("a")
    p:close()
    return out
  end
  local function q(s) return "'" .. s:gsub("'", "'\\''") .. "'" end
  function lfs.currentdir() return os.getenv("PWD") or "/tmp" end
  function lfs.chdir() return true end
  function lfs.attributes(p, field)
    local f = io.open(p, "r")
    if not f then return nil, p .. ": no such file" end
    local ok = f:read(0)
    f:close()
    local a = {mode = ok == nil and "directory" or "file", modification = 0, size = 0}
    if field then return a[field] end
    return a
  end
  lfs.symlinkattributes = lfs.attributes
  function lfs.dir(p)
    local names = {".", ".."}
    for n in sh("ls -A " .. q(p)):gmatch("[^\n]+") do names[#names + 1] = n end
    local i = 0
    return function() i = i + 1; return names[i] end
  end
  function lfs.mkdir(p) os.execute("mkdir -p " .. q(p)); return true end
  function lfs.rmdir(p) os.execute("rmdir " .. q(p)); return true end
  return lfs
end
