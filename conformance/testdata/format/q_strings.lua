-- %q quoting of strings: escapes, control bytes, newlines, zeros
local f = string.format
print(f("%q", "hello"))
print(f("%q", 'say "hi"\\'))
print(f("%q", "line1\nline2"))
print(f("%q", "\0\1\2\r\t\27"))
print(f("%q", "\0001"))
print(f("%q", "\1a\0019"))
print(f("%q", "\127\128\255"))
print(f("%q", ""))
print(f("%q", "\r\n"))
