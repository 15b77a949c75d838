-- utf8.len lax mode accepts surrogates and code points above 10FFFF
print(utf8.len("\xED\xA0\x80"))
print(utf8.len("\xED\xA0\x80", 1, -1, true))
print(utf8.len("\xF7\xBF\xBF\xBF", 1, -1, true), utf8.len("\xF7\xBF\xBF\xBF"))
print(utf8.len("\xC0\x80"), utf8.len("\xC0\x80", 1, -1, true))
print(utf8.len("\xE0\x80\x80", 1, -1, true))
