-- an uncaught runtime error (arithmetic on nil) inside nested functions
local Account = {}
Account.__index = Account
function Account.new(balance) return setmetatable({balance = balance}, Account) end
function Account:withdraw(n) self.balance = self.balance - n.amount end
local acc = Account.new(10)
acc:withdraw({amount = 3})
print(acc.balance)
acc:withdraw(nil)
