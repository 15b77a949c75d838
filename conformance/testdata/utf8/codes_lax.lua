-- utf8.codes with lax=true accepts surrogates and large code points
for p, c in utf8.codes("\xED\xA0\x80\xF4\x90\x80\x80", true) do print(p, c) end
print(pcall(function() for p, c in utf8.codes("\xF4\x90\x80\x80") do print(p, c) end end))
for p, c in utf8.codes("\xFD\xBF\xBF\xBF\xBF\xBF", true) do print(p, c) end
