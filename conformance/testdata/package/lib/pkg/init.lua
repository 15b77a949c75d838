-- package initialised through init.lua
return {name = "pkg", args = {...}}
