-- os.execute with no command, success, failure and exit codes
print(os.execute())
print(os.execute("true"))
print(os.execute("false"))
print(os.execute("exit 3"))
print(os.execute("kill -9 $$"))
