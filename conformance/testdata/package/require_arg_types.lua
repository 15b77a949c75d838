-- require argument errors
print(pcall(require))
print(pcall(require, {}))
print(pcall(require, 42))
