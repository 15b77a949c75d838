package host

import (
	"context"
	"strings"
	"testing"
)

// TestRebuildAsSwitchesSession: a session switch (/new, /resume) ends
// the old session for its handlers (session_end with the old id and the
// reason), reports a protocol whose close fails as a teardown problem
// naming it, and starts the new state on the new session: session_ready
// and session_info() carry the new id. SetSession changes what
// session_info() says without a rebuild (/model).
func TestRebuildAsSwitchesSession(t *testing.T) {
	th := hostWith(t, map[string]string{
		"extensions/s.lua": `
local panto = require("panto")
return { name = "s", activate = function()
  panto.ext.on("session_ready", function(e) print("ready " .. e.session_id) end)
  panto.ext.on("session_end", function(e) print("end " .. e.session_id .. " " .. tostring(e.reason)) end)
  panto.ext.register_command { name = "who", description = "d", handler = function()
    local info = panto.ext.session_info()
    return info.id .. " " .. info.model
  end }
  panto.ext.register_protocol { name = "p", open = function() end, close = function() error("cannot let go") end }
end }`,
	}, func(o *Options) { o.Session = &SessionInfo{ID: "old", Directory: "/p", Model: "a:m"} })
	ctx := context.Background()
	if got := th.command(t, "/who"); got != "old a:m" {
		t.Fatalf("before: %q", got)
	}
	th.SetSession(&SessionInfo{ID: "old", Directory: "/p", Model: "b:m"})
	if got := th.command(t, "/who"); got != "old b:m" {
		t.Errorf("after SetSession: %q", got)
	}
	if s := th.Session(); s == nil || s.Model != "b:m" {
		t.Errorf("Session() = %+v", s)
	}
	th.out.Reset()
	th.RebuildAs(ctx, "resume", &SessionInfo{ID: "new", Directory: "/p", Model: "b:m"})
	if got := th.out.String(); got != "end old resume\nready new\n" {
		t.Errorf("handlers saw %q", got)
	}
	if got := th.command(t, "/who"); got != "new b:m" {
		t.Errorf("after RebuildAs: %q", got)
	}
	problems := th.problems()
	if !strings.Contains(problems, "teardown: extensions/s.lua:10: protocol 'p' close: extensions/s.lua:10: cannot let go") {
		t.Errorf("the failing close is not reported:\n%s", problems)
	}
}
