-- When a chunk has two errors, the one the reference reaches first wins:
-- the limit on local variables is checked as each is declared.
local function L(n, sep) local t = {} for i = 1, n do t[i] = "local a" .. i end return table.concat(t, sep or "\n") end
local function try(name, src) print(name, select(2, load(src, "=" .. name))) end
try("locals", L(201) .. "\nx x x")
try("locals same line", L(201, " ") .. " = = ")
try("locals in function", "local function f()\n" .. L(201) .. "\nx x\nend")
try("locals then ok", L(201) .. "\nreturn")
try("params", "local function f(" .. ("p,"):rep(200) .. "q) end x x")
try("method params", "function t:m(" .. ("p,"):rep(199) .. "q) end x x")
try("numeric for", L(197) .. "\nfor i = 1, 2 do x x end")
try("generic for", L(196) .. "\nfor k, v in pairs({}) do x x end")
try("generic for names", L(194) .. "\nfor a, b, c in pairs({}) do x x end")
try("local function", L(200) .. "\nlocal function g() end x x")
try("attribs", L(200) .. "\nlocal c <const> = 1 x x")
try("nested blocks free their locals", "do " .. L(150, " ") .. " end do " .. L(150, " ") .. " end return 1")
try("nested functions count their own", L(150) .. "\nlocal function f() " .. L(150, " ") .. " end return 1")
try("for frees its own", ("for i = 1, 2 do end\n"):rep(100) .. L(199) .. "\nreturn 1")
