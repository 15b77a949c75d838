-- switching collector modes returns the previous mode name
print(collectgarbage("incremental"))
print(collectgarbage("generational"))
print(collectgarbage("generational"))
print(collectgarbage("incremental"))
print(collectgarbage("incremental", 200, 100, 13))
print(collectgarbage("generational", 20, 100))
print(collectgarbage("incremental"))
