package host

import (
	"context"
	"strings"
	"testing"
)

// TestEventObjectReads: what a handler reads from its event: the name,
// the fields the ABI describes (an optional string field left empty
// reads nil), nil for anything else (an undescribed name, a key that is
// not a string), a custom event's name and nothing more, and tostring
// naming the event. A method called on something else is a type error
// naming the method's owner.
func TestEventObjectReads(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/spy.lua": `
local panto = require("panto")
local function show(e, keys)
  local parts = { tostring(e) }
  for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. "=" .. tostring(e[k]) end
  print(table.concat(parts, " "))
end
return { name = "spy", activate = function()
  panto.ext.on("user_message", function(e)
    show(e, { "name", "text", "nonsense", 1, true })
    print(pcall(e.get_component, {}))
  end)
  panto.ext.on("turn_end", function(e) show(e, { "turn", "ok", "error" }) end)
  panto.ext.on("my_event", function(e)
    show(e, { "name", "text", "get_component" })
  end)
end }`,
	})
	th.expectNoProblems(t)
	ctx := context.Background()
	th.UserMessage(ctx, "hi")
	th.TurnEnd(ctx, 3, nil)
	th.Emit(ctx, "my_event")
	th.expectNoProblems(t)
	got := th.out.String()
	for _, want := range []string{
		"panto.event: user_message name=user_message text=hi nonsense=nil 1=nil true=nil\n",
		"panto.event: turn_end turn=3 ok=true error=nil\n",
		"panto.event: my_event name=my_event text=nil get_component=nil\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if !strings.Contains(got, "panto.event expected") {
		t.Errorf("a method called on a table is not named as a type error:\n%s", got)
	}
}
