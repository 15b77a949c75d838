-- checks an uncaught error with a table value (no __tostring) reports the object type
print("start")
error({code = 1})
