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

// Names pinned and constants interned from several goroutines at once
// (states created and chunks loaded in parallel) agree on one copy of
// each name: every pointer handed out for a name is the same.
func TestInternPinnedConcurrent(t *testing.T) {
	names := []string{"pin_alpha", "pin_beta", "pin_gamma", "pin_delta"}
	const workers = 8
	got := make([][]Value, workers)
	done := make(chan int)
	for w := range workers {
		go func() {
			for _, n := range names {
				var v Value
				if w%2 == 0 {
					v = internPinned(string([]byte(n)))
				} else {
					v, _ = internString(string([]byte(n)))
				}
				got[w] = append(got[w], v)
			}
			done <- w
		}()
	}
	for range workers {
		<-done
	}
	for i, n := range names {
		want := internPinned(n)
		for w := range workers {
			if w%2 == 1 && got[w][i].p != want.p {
				// A constant interned before the name was pinned keeps
				// its own copy; once pinned, constants get the pinned one.
				if k, _ := internString(n); k.p != want.p {
					t.Fatalf("%s: a constant interned after pinning is not the pinned copy", n)
				}
				continue
			}
			if got[w][i].p != want.p {
				t.Fatalf("%s: worker %d got another copy than the pinned one", n, w)
			}
		}
	}
}
