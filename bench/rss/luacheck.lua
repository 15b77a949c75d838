-- luacheck's command line (Debian's lua-check) with the lfs stand-in.
dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/lfs.lua")
require "luacheck.main"
