-- circular require: b looks at package.loaded for a while a is loading
local a_state = package.loaded["circular_a"]
return {name = "b", a_seen = tostring(a_state)}
