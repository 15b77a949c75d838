-- ldoc's command line (Debian's lua-ldoc, /usr/bin/ldoc) with the lfs
-- stand-in; the script is loaded without its #! line.
dofile((arg[0]:match("^(.*)/[^/]*$") or ".") .. "/lfs.lua")
arg[0] = "/usr/bin/ldoc"
local f = assert(io.open("/usr/bin/ldoc"))
local src = f:read("a"):gsub("^#![^\n]*", "")
f:close()
assert(load(src, "@/usr/bin/ldoc"))(table.unpack(arg))
