-- Oracle side of TestOracleDifferential (oracle_test.go): reads cases, one
-- per line as "<hex s> <hex p> <init> <hex repl> <n>", and prints for each the
-- hex-encoded find, gmatch and gsub serialisations of gen_cases.lua.
local function val(v) if type(v) == "number" then return tostring(v) end return '"' .. v .. '"' end
local function errmsg(e) return "E:" .. tostring(e) end
local function hasspecials(p) return p:find("[%^%$%*%+%?%.%(%[%%%-]") ~= nil end
local function serfind(s, p, init)
  if not hasspecials(p) and p:find(")", 1, true) then
    local r = table.pack(pcall(string.match, s, p, init + 1))
    if not r[1] then return errmsg(r[2]) end
    assert(r[2] == nil)
    return "nil"
  end
  local r = table.pack(pcall(string.find, s, p, init + 1))
  if not r[1] then return errmsg(r[2]) end
  if r[2] == nil then return "nil" end
  local out = { r[2] .. "," .. r[3] }
  for i = 4, r.n do out[#out + 1] = ";" .. val(r[i]) end
  return table.concat(out)
end
local function sergmatch(s, p, init)
  local out = {}
  local it = string.gmatch(s, p, init + 1)
  for _ = 1, 50 do
    local r = table.pack(pcall(it))
    if not r[1] then out[#out + 1] = errmsg(r[2]) break end
    if r[2] == nil then break end
    local vs = {}
    for i = 2, r.n do vs[#vs + 1] = val(r[i]) end
    out[#out + 1] = "[" .. table.concat(vs, ";") .. "]"
  end
  return table.concat(out)
end
local replfuncs = {
  ["#func"] = function(...)
    local t = table.pack(...)
    for i = 1, t.n do t[i] = tostring(t[i]) end
    return "<" .. table.concat(t, ",") .. ">"
  end,
  ["#table"] = { a = "1", b = false, [2] = "two", ["2"] = "str2" },
  ["#keepempty"] = function(x) if x == "" then return false end return "[" .. tostring(x) .. "]" end,
}
local function sergsub(s, p, repl, n)
  local r = replfuncs[repl] or repl
  local res = table.pack(pcall(string.gsub, s, p, r, n))
  if not res[1] then return errmsg(res[2]) end
  return res[2] .. "|" .. res[3]
end
local function unhex(h) return (h:gsub("..", function(x) return string.char(tonumber(x, 16)) end)) end
local function hex(s) return (s:gsub(".", function(c) return string.format("%02x", c:byte()) end)) end
for line in io.lines(arg[1]) do
  local a, b, c, d, e = line:match("^(%x*) (%x*) (%d+) (%x*) (%-?%d+)$")
  local s, p, init, repl, n = unhex(a), unhex(b), tonumber(c), unhex(d), tonumber(e)
  print(hex(serfind(s, p, init)) .. " " .. hex(sergmatch(s, p, init)) .. " " .. hex(sergsub(s, p, repl, n >= 0 and n or nil)))
end
