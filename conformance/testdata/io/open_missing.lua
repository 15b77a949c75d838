-- io.open of a missing file returns fail, message and errno
print(io.open("nofile.txt"))
print(io.open("nofile.txt", "r"))
print(io.open("no/such/dir/x.txt", "w"))
print(select('#', io.open("nofile.txt")))
