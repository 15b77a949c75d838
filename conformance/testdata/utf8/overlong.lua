-- overlong encodings are rejected even in lax mode
for _, s in ipairs({"\xC0\xAF", "\xE0\x80\xAF", "\xF0\x80\x80\xAF", "\xC1\xBF"}) do
  print(utf8.len(s), utf8.len(s, 1, -1, true), (pcall(utf8.codepoint, s, 1, 1, true)))
end
