-- os.exit() with no argument exits with status 0
print("exiting by default")
io.stdout:write("buffered text is flushed\n")
os.exit()
print("not reached")
