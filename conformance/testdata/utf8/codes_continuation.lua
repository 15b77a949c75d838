-- utf8.codes with a string that starts or ends with continuation bytes
print(pcall(function() local n = 0 for _ in utf8.codes("\x80abc") do n = n + 1 end return n end))
print(pcall(function() local n = 0 for _ in utf8.codes("abc\xBF") do n = n + 1 end return n end))
print(pcall(function() local n = 0 for _ in utf8.codes("é\xA9") do n = n + 1 end return n end))
