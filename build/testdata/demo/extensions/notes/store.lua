local M = { items = {} }

function M.add(s)
  M.items[#M.items + 1] = s
end

function M.count()
  return #M.items
end

function M.list()
  if #M.items == 0 then
    return "no notes"
  end
  return table.concat(M.items, "\n")
end

return M
