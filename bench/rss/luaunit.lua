-- luaunit's own test suite, as Debian's lua-unit ships it in its
-- examples, run by luaunit itself.
dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/lfs.lua")
local lu = require("luaunit")
dofile("/usr/share/doc/lua-unit/examples/test_luaunit.lua")
os.exit(lu.LuaUnit.run("-v"))
