-- an uncaught bad-argument error in a nested call, with traceback
local function configure(t)
  return setmetatable(t, "not a table")
end
local function main()
  configure({})
end
main()
