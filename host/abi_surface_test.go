package host

import (
	"sort"
	"strings"
	"testing"

	"panto/extension/abi"
	"panto/runtime"
)

// TestModuleMatchesABI keeps require("panto") and abi.json in step: every
// described function and value exists, and nothing undescribed does.
func TestModuleMatchesABI(t *testing.T) {
	th := hostWith(t, map[string]string{})
	mod := th.vm.pantoModule().AsTable()
	for _, tbl := range abi.Get().Module.Tables {
		if tbl.Owner != "" || tbl.Kind == "class" {
			continue // installed by the agent; its tests check them
		}
		key := strings.TrimPrefix(tbl.Name, "panto.")
		lt := mod.GetStr(key).AsTable()
		if lt == nil {
			t.Errorf("%s is missing", tbl.Name)
			continue
		}
		want := map[string]string{}
		for _, f := range tbl.Functions {
			want[f.Name] = "function"
		}
		for _, v := range tbl.Values {
			if v.Owner == "" {
				want[v.Name] = v.Type
			}
		}
		got := map[string]string{}
		for k, v, ok := lt.Next(runtime.Nil); ok && !k.IsNil(); k, v, ok = lt.Next(k) {
			got[k.AsString()] = v.TypeName()
		}
		if !equalMaps(got, want) {
			t.Errorf("%s:\n got %v\nwant %v", tbl.Name, keys(got), keys(want))
		}
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func keys(m map[string]string) []string {
	var out []string
	for k, v := range m {
		out = append(out, k+":"+v)
	}
	sort.Strings(out)
	return out
}
