-- os.exit(3) exits with status 3
local function finish(code)
  print("exiting with " .. code)
  os.exit(code)
end
finish(3)
