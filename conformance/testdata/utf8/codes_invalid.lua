-- utf8.codes raises an error on invalid bytes
print(pcall(function() for p, c in utf8.codes("ab\xffcd") do io.write(p, ":", c, " ") end end))
print(pcall(function() for p, c in utf8.codes("a\x80") do io.write(p, ":", c, " ") end end))
print(pcall(function() for p, c in utf8.codes("\xC3") do io.write(p, ":", c, " ") end end))
print(pcall(function() for p, c in utf8.codes("\xED\xA0\x80") do io.write(p, ":", c, " ") end end))
print(pcall(function() for p, c in utf8.codes("\xC0\x80") do io.write(p, ":", c, " ") end end))
