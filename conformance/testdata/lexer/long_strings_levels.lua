-- checks long strings of levels 0..4 and that inner brackets of other levels are literal
print([[level0]])
print([=[a]]b]=])
print([==[a]=]b]]c]==])
print([===[x]==]y]===])
print([====[deep ]===] ]] ]====])
print(#[[]], #[=[]=])
print([[a\nb]])  -- no escapes in long strings
print([==[
first newline skipped]==])
