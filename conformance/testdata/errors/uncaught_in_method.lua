-- checks the traceback names methods and fields of a table
local Account = {}
Account.__index = Account
function Account.new(b) return setmetatable({balance = b}, Account) end
function Account:withdraw(n)
  if n > self.balance then error("insufficient funds") end
  self.balance = self.balance - n
end
local a = Account.new(100)
a:withdraw(30)
print(a.balance)
a:withdraw(100)
