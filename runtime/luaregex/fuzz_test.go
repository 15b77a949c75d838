package luaregex

import (
	"fmt"
	"panto/runtime"
	"testing"
)

// FuzzBridge compiles arbitrary patterns and runs every method on
// arbitrary subjects through Lua: nothing may panic, and find's
// positions must agree with test and lie inside the subject.
func FuzzBridge(f *testing.F) {
	for _, s := range [][2]string{{`a|b`, "cab"}, {`(\w+)=(\d*)`, "k=1"}, {`(?=x)`, "x"}, {`\1`, ""}, {`^$`, ""}, {`(?i)é`, "É"}, {`\xff`, "\xff"}} {
		f.Add(s[0], s[1], int64(1))
	}
	L := newState(f)
	compile := L.GetGlobal("regex").AsTable().GetStr("compile")
	f.Fuzz(func(t *testing.T, pattern, subject string, init int64) {
		if _, err := Compile(pattern, ""); err != nil {
			if len(err.Error()) == 0 {
				t.Fatal("empty error")
			}
			return
		}
		L.SetGlobal("P", L.Call1(compile, runtimeString(pattern)))
		L.SetGlobal("S", runtimeString(subject))
		got := eval(t, L, fmt.Sprintf(`local i = %d
local a, b = P:find(S, i)
local ok = P:test(S, i)
if (a ~= nil) ~= ok then return "find and test disagree" end
if a and (a < 1 or b > #S or b < a - 1) then return "position out of range" end
P:match(S, i); P:submatches(S, i); P:find_all(S, 5); P:split(S, 3)
P:replace(S, "$1${x}$$"); P:replace(S, function() return "z" end)
for _ in P:gmatch(S) do end
return "ok"`, init))
		if got != "ok" {
			t.Fatalf("%q on %q from %d: %s", pattern, subject, init, got)
		}
	})
}

func runtimeString(s string) runtime.Value { return runtime.String(s) }
