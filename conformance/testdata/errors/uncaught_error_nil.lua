-- checks an uncaught error(nil) message
print("before")
error(nil)
