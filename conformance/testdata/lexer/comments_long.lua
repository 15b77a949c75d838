-- checks long comments of several levels, including nested-looking brackets
--[[ level 0
print("hidden 0")
]] print("after level 0")
--[==[ level 2 ]] ]=] still inside
print("hidden 2")
]==] print("after level 2")
--[=[]=]print("empty level 1 comment")
local x = 1 --[[ inline ]] + 2
print(x)
--[[ multi
line ]]print("after multi")
