-- debug.traceback returns non-string messages untouched; nil message
local t = {}
print(debug.traceback(t) == t)
print(debug.traceback(42))
print(debug.traceback(nil))
print(debug.traceback(nil, 1) == nil)
print(type(debug.traceback()))
