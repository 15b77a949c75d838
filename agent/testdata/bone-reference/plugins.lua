bone.plugin.load("my_plugin")      -- ~/.bone-rust/lua/plugins/my_plugin/init.lua
bone.plugin.install("user/repo")   -- git clone from GitHub
bone.plugin.list()                 -- { [name] = { has_init = bool } }
bone.plugin.remove("my_plugin")
bone.plugin.update("my_plugin")    -- git pull
