package agent

import (
	"sort"
	"strings"
	"testing"

	"panto/extension/abi"
	"panto/runtime"
)

// TestNativeAPIMatchesABI keeps the native API and abi.json in step:
// the functions of require("panto") the agent installs, panto.ext.agent,
// and the methods of each kind of object, exactly as described.
func TestNativeAPIMatchesABI(t *testing.T) {
	ts := newSession(t, map[string]string{"turns.jsonl": ""})
	L := ts.Host().State().Lua()
	res, err := L.DoString(`local panto = require("panto")
local a = panto.agent {}
return panto, a, panto.conversation(), panto.null_store()`, "=surface")
	if err != nil {
		t.Fatal(err)
	}
	mod := res[0].AsTable()
	objects := map[string]runtime.Value{"agent": res[1], "conversation": res[2], "store": res[3]}
	b := bindingsOf(ts)
	objects["stream"] = runtime.UserdataValue(runtime.NewUserdata(nil, b.streamMT))
	objects["job"] = runtime.UserdataValue(runtime.NewUserdata(nil, b.jobMT))
	for _, tbl := range abi.Get().Module.Tables {
		if tbl.Owner != "agent" {
			continue
		}
		var members *runtime.Table
		switch {
		case tbl.Kind == "class":
			ud := objects[tbl.Name].AsUserdata()
			if ud == nil {
				t.Errorf("no %s object to check", tbl.Name)
				continue
			}
			members = ud.Metatable().GetStr("__index").AsTable()
		case tbl.Name == "panto":
			members = mod
		case strings.HasPrefix(tbl.Name, "panto."):
			members = mod.GetStr(strings.TrimPrefix(tbl.Name, "panto.")).AsTable()
			if members == nil {
				t.Errorf("%s is missing", tbl.Name)
				continue
			}
		}
		want := map[string]bool{}
		for _, f := range tbl.Functions {
			want[f.Name] = true
		}
		var got, missing []string
		for k, v, ok := members.Next(runtime.Nil); ok && !k.IsNil(); k, v, ok = members.Next(k) {
			if v.IsFunction() && (tbl.Kind == "class" || want[k.AsString()]) {
				got = append(got, k.AsString())
			}
		}
		for n := range want {
			if members.GetStr(n).IsNil() {
				missing = append(missing, n)
			}
		}
		if tbl.Kind == "class" && len(got) != len(want) || len(missing) > 0 {
			sort.Strings(got)
			t.Errorf("%s: has %s; missing %v", tbl.Name, strings.Join(got, " "), missing)
		}
	}
	if ext := mod.GetStr("ext").AsTable(); ext.GetStr("agent").AsUserdata() == nil {
		t.Error("panto.ext.agent is missing")
	}
}

// bindingsOf digs the bindings out of panto.ext.agent's metatable
// closure: the agent userdata's metatable is the bindings' agentMT.
func bindingsOf(ts *testSession) *bindings {
	return ts.lastBindings()
}
