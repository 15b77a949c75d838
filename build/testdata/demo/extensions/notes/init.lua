-- A folder entry: init.lua is evaluated, its siblings are requirable.
local store = require("store")

return {
  name = "notes",
  activate = function()
    local panto = require("panto")
    panto.ext.register_command {
      name = "note",
      description = "Remember a note, or list the notes.",
      handler = function(args)
        if args == "" then
          return store.list()
        end
        store.add(args)
        return "noted (" .. store.count() .. ")"
      end,
    }
    panto.ext.on("user_message", function(e)
      store.last_message = e.text
    end)
  end,
}
