-- dkjson's test script, as Debian's lua-dkjson ships it in its examples.
dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/lfs.lua")
assert(loadfile("/usr/share/doc/lua-dkjson/examples/jsontest.lua"))("dkjson")
