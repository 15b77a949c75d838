package agent

import "testing"

// TestExtensionProtocolUnderBuiltinName: an extension that registers a
// protocol under a built-in's name serves the provider that names it,
// and its requests need no API key (the built-in would fail on the
// missing key).
func TestExtensionProtocolUnderBuiltinName(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", "")
	ts := newSession(t, map[string]string{
		"config.toml": `[providers.mine]
protocol = "anthropic-messages"
models = { m = "my-model" }
[models]
default = "mine:m"
`,
		"extensions/proto.lua": `local panto = require("panto")
return { name = "p", activate = function()
  panto.ext.register_protocol {
    name = "anthropic-messages",
    open = function(req)
      local queue = { { type = "text_delta", text = "served by the extension for " .. req.model }, { type = "done" } }
      return { next = function() return table.remove(queue, 1) end }
    end,
  }
end }`,
	})
	res := ts.prompt("hello")
	if res.Status != "completed" || res.Text != "served by the extension for my-model" {
		t.Fatalf("status %s text %q err %v", res.Status, res.Text, res.Err)
	}
}
