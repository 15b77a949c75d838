package runtime

import (
	goruntime "runtime"
	"testing"
)

// A name stored with SetName is found from a function's constant by the
// VM's pointer-only probe, even when the two strings were made apart, and
// still after a collection.
func TestSetNameMatchesConstants(t *testing.T) {
	tb := NewTable(0, 4)
	tb.SetName(string([]byte("sqrt")), True) // bytes of its own, as Go code may pass
	tb.SetStr(string([]byte("floor")), True)
	goruntime.GC()
	k, hd := internString("sqrt") // as newFuncProto makes a constant
	defer goruntime.KeepAlive(hd)
	if v := probeStr(tb, &k); v == nil || *v != True {
		t.Fatal("the constant does not find the name stored with SetName by pointer")
	}
	// SetStr interns nothing: the probe misses, the full lookup finds it.
	k2, hd2 := internString("floor")
	defer goruntime.KeepAlive(hd2)
	if probeStr(tb, &k2) != nil {
		t.Fatal("SetStr's key matched by pointer: the test does not tell the two apart")
	}
	if tb.GetStr("floor") != True {
		t.Fatal("lookup by content failed")
	}
}
