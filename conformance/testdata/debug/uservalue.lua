-- getuservalue/setuservalue on non-userdata values
print(debug.getuservalue({}))
print(debug.getuservalue(1, 1))
print(debug.getuservalue(io.stdout))
print(debug.getuservalue(io.stdout, 2))
print(pcall(debug.setuservalue, {}, 1))
print(pcall(debug.setuservalue, io.stdout, {}) )
