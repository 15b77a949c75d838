-- an uncaught error raised with level 0 shows the bare message
print("start")
local function raise(msg)
  error(msg, 0)
end
raise("plain message without position")
