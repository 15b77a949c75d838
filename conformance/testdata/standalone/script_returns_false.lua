-- returning false or nil from the main chunk does not change the exit status
print("returning false")
local function result()
  return false, nil
end
return result()
