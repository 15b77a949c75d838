-- os.exit from inside nested calls and a pcall still terminates the program
local function deep()
  pcall(function() os.exit(7) end)
  print("not reached")
end
print("calling deep")
deep()
