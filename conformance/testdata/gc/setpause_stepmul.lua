-- deprecated setpause/setstepmul still return numbers
print(math.type(collectgarbage("setpause", 200)))
print(math.type(collectgarbage("setstepmul", 100)))
print(collectgarbage("setpause", 200))
print(collectgarbage("setstepmul", 100))
