-- utf8.codepoint strict vs lax on surrogates and out-of-range code points
print(pcall(utf8.codepoint, "\xED\xA0\x80"))
print(utf8.codepoint("\xED\xA0\x80", 1, 1, true))
print(pcall(utf8.codepoint, "\xF4\x90\x80\x80"))
print(utf8.codepoint("\xF4\x90\x80\x80", 1, 1, true))
print(utf8.codepoint("\xF4\x8F\xBF\xBF"))
print(pcall(utf8.codepoint, "\xFF"))
print(pcall(utf8.codepoint, "\xFF", 1, 1, true))
