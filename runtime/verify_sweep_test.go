package runtime

import (
	"fmt"
	goruntime "runtime"
	"strings"
	"testing"

	"panto/bytecode"
	"panto/compiler"
)

// TestOperandSweep edits every operand of every instruction of the fuzz
// seeds to boundary values and runs each edited chunk that the verifier
// accepts, with and without a debug hook and inside a coroutine: the
// verifier must check every operand that any path of the VM reads, so no
// edit may end in a Go panic. The random mutations of FuzzMutateHooked
// search further; this sweep makes the edge values certain.
func TestOperandSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("sweeps a few thousand chunks")
	}
	chunks := fuzzChunks(t)
	for ci, c := range chunks {
		if ci%2 == 1 {
			continue // the stripped copy has the same code
		}
		base, err := bytecode.Decode(c)
		if err != nil {
			t.Fatal(err)
		}
		var all []*bytecode.Proto
		var walk func(*bytecode.Proto)
		walk = func(p *bytecode.Proto) {
			all = append(all, p)
			for _, sub := range p.Protos {
				walk(sub)
			}
		}
		walk(base)
		for fi, q := range all {
			ms := int(q.MaxStackSize)
			values := []int{ms, ms + 1, 255}
			for pc := range q.Code {
				for field := 2; field <= 5; field++ {
					for _, val := range values {
						if val < 0 {
							continue
						}
						edit := make([]byte, 8)
						edit[0], edit[1] = byte(fi), byte(field)
						edit[2], edit[3] = byte(pc), byte(pc>>8)
						edit[4], edit[5] = byte(val), byte(val>>8)
						p, _ := bytecode.Decode(c)
						mutate(p, edit)
						data := bytecode.Encode(p, false)
						if _, err := bytecode.Decode(data); err != nil {
							continue // refused: nothing to run
						}
						modes := []byte{1 | 3<<2, 3 | 3<<2} // hooked, in main and in a coroutine
						if raceEnabled {
							modes = modes[1:]
						}
						for _, mode := range modes {
							name := fmt.Sprintf("seed%d/f%d/pc%d/field%d=%d/mode%d", ci/2, fi, pc+1, field, val, mode)
							func() {
								defer func() {
									if r := recover(); r != nil {
										t.Fatalf("%s: %v\n%s", name, r, debugStack())
									}
								}()
								runHooked(t, data, mode)
							}()
						}
					}
				}
			}
		}
	}
}

func debugStack() []byte {
	buf := make([]byte, 1<<16)
	return buf[:goruntime.Stack(buf, false)]
}

// TestPatchedReturn0Refused is the case that started the sweep: a dumped
// function() end whose RETURN0 has A patched to 127 used to load, and a
// return hook then took its results from register 127.
func TestPatchedReturn0Refused(t *testing.T) {
	p, err := compiler.Compile("=patched", "return function() end")
	if err != nil {
		t.Fatal(err)
	}
	sub := p.Protos[0]
	for i, ins := range sub.Code {
		if ins.Op() == bytecode.OpReturn0 {
			sub.Code[i] = ins.SetA(127)
		}
	}
	L := NewState()
	_, err = L.Load(string(bytecode.Encode(p, false)), "=patched", "b")
	if err == nil || !strings.Contains(err.Error(), "(RETURN0): register 127 out of range") {
		t.Fatalf("load error = %v, want the patched RETURN0 refused", err)
	}
}
