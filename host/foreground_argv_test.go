package host

import "testing"

// TestRunForegroundArgvMessages: each refused argv gets its whole
// message, starting with the function's name (a format string and its
// argument swapped still contains the words, but not this text).
func TestRunForegroundArgvMessages(t *testing.T) {
	th := hostWith(t, map[string]string{"extensions/fg.lua": `
local panto = require("panto")
return { name = "fg", activate = function()
  for _, bad in ipairs({
    { { argv = {} }, "run_foreground: 'argv' must not be empty" },
    { { argv = { "a", nil, "c" } }, "run_foreground: 'argv' must be a dense array (keys 1..n with no holes)" },
    { { argv = 5 }, "run_foreground: 'argv' must be an array of strings, got number" },
    { { argv = { "a", true } }, "run_foreground: argv[2] must be a string, got boolean" },
    { { argv = { "a\0b" } }, "run_foreground: argv[1] contains a NUL byte" },
    { { argv = { "" } }, "run_foreground: argv[1] (the program) must not be empty" },
  }) do
    local ok, err = pcall(panto.ext.run_foreground, bad[1])
    assert(not ok, "accepted")
    err = tostring(err):gsub("^[^:]*:%d+: ", "")
    assert(err == bad[2], err)
  end
end }`})
	th.expectNoProblems(t)
}
