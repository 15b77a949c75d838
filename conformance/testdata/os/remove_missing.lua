-- os.remove of a missing file returns fail, message and errno
print(os.remove("nofile"))
print(os.remove("no/such/dir/file.txt"))
print(select('#', os.remove("nofile")))
print(pcall(os.remove))
