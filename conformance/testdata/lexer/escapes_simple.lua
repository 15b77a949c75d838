-- checks the single-character escapes \a \b \f \n \r \t \v \\ \" \'
local s = "\a\b\f\n\r\t\v\\\"\'"
for i = 1, #s do io.write(s:byte(i), " ") end
print()
print('it\'s', "say \"hi\"", "back\\slash")
print(#"\\n")
