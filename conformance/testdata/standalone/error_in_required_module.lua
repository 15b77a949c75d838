-- an uncaught error raised inside a required module shows the module in the traceback
print("requiring")
local function load_it()
  return require("failing_mod")
end
load_it()
