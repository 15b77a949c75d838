package host

import (
	"strings"
	"testing"
)

// TestFailedActivationDropsOnlyItsOwn: an extension whose activate
// fails after registering loses what it registered (its protocol, its
// command, its tool); what another extension registered stays, and the
// reload-time hooks of a protocol (reset_context) are kept with it.
func TestFailedActivationDropsOnlyItsOwn(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/good.lua": `local panto = require("panto")
return { name = "good", activate = function()
  panto.ext.register_protocol { name = "kept", open = function() end, reset_context = function() end }
  panto.ext.register_command { name = "kept", description = "d", handler = function() return "" end }
end }`,
		"extensions/bad.lua": `local panto = require("panto")
return { name = "bad", activate = function()
  panto.ext.register_protocol { name = "dropped", open = function() end }
  panto.ext.register_command { name = "dropped", description = "d", handler = function() return "" end }
  error("activation fails")
end }`,
	})
	if !strings.Contains(th.problems(), "activation fails") {
		t.Fatalf("the failure was not reported:\n%s", th.problems())
	}
	var names []string
	for _, p := range th.Protocols() {
		names = append(names, p.Name)
		if p.Name == "kept" && p.ResetContext.IsNil() {
			t.Error("the kept protocol lost its reset_context")
		}
	}
	if strings.Join(names, ",") != "kept" {
		t.Errorf("protocols %q, want only the one of the extension that activated", names)
	}
	if _, err := th.RunCommand(t.Context(), "/kept"); err != nil {
		t.Errorf("/kept: %v", err)
	}
	if _, err := th.RunCommand(t.Context(), "/dropped"); err == nil {
		t.Error("/dropped is still registered")
	}
}
