-- A command, for the linked layer's tests.
return {
  name = "hi",
  activate = function()
    require("panto").ext.register_command {
      name = "hi",
      description = "Say hi.",
      handler = function(args) return "hi " .. args end,
    }
  end,
}
