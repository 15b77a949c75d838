-- submodule pkg.sub
return {name = "pkg.sub", args = {...}}
