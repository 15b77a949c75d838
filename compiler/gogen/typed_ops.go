package gogen

import (
	"bytes"
	"fmt"
	"strings"

	bc "panto/bytecode"
)

// Table accesses and calls in typed copies.
//
// A typed copy may read and write tables and call functions. A read
// (GETTABLE, GETI, GETFIELD, GETTABUP, GETUPVAL) takes the interpreter's
// fast path: a plain slot of the table (an array index with an integer
// key, a string constant found at once or along an __index chain of
// tables). When none applies (not a table, a missing key that a
// metatable may answer, a float or other key) the copy writes its locals
// back and goes to the generic instruction, which does the rest exactly
// as the interpreter would: metamethods, errors with their line. A value
// the loop goes on to use as a number is kept in a local of its guessed
// type (typed_guess.go) after a check of its tag; a value of another
// type is left in the register and the copy goes on in the generic code
// after the instruction. Stores (SETTABLE, SETI, SETFIELD) overwrite an
// existing slot or append to an array with room, as the interpreter's
// fast path, and leave to the generic instruction otherwise.
//
// A call leaves the typed region for its duration: every local is
// written back to its register first (the callee may read them, with
// debug.getlocal or through an upvalue, and may yield or raise an error
// and be seen by a traceback), the call runs as the generic code makes
// it (Frame.CallABC: hooks, ticks, a yield or a frame for the
// interpreter return from the function as there, and the generic code
// goes on from the saved pc), and when it has returned, the registers
// the copy keeps in locals are read again after a check of their tags,
// since the callee may have changed them (debug.setlocal, an upvalue).
// A tag that does not match sends the copy to the generic code after
// the call.
//
// Every way out of a typed copy for another reason than the loop's own
// exits counts in a local of the function (tbail); past maxBails, the
// function stops entering its typed copies, so a guess that keeps
// failing costs a few exits per call, not one per iteration.

// maxTypedLoop bounds the loops that get a typed copy, in instructions
// (a copy doubles the loop's code).
const maxTypedLoop = 400

// maxBails is how many times a function's typed copies may be left
// early before it stops entering them.
const maxBails = 32

// worthTyping reports whether the typed copy of loop [h, e], with the
// states in, does some arithmetic or comparison on numbers in locals
// other than its for loops' own: a loop of table accesses and calls
// alone would gain nothing from the copy it adds.
func worthTyping(p *bc.Proto, h, e int, in []state) bool {
	for pc := h; pc <= e; pc++ {
		s := in[pc-h]
		if s == nil {
			continue
		}
		i := p.Code[pc]
		if isArithOp(i.Op()) {
			return true
		}
		switch i.Op() {
		case bc.OpEq, bc.OpLt, bc.OpLe, bc.OpEqK, bc.OpEqI, bc.OpLtI, bc.OpLeI, bc.OpGtI, bc.OpGeI:
			return true
		}
	}
	return false
}

// maxLeaf bounds the functions whose whole body is a typed region.
const maxLeaf = 64

// leafRegion gives a small function without loops, calls or table
// accesses (a numeric helper such as spectral_norm's A(i, j)) a typed
// copy of its whole body, entered at its first instruction when its
// parameters have the guessed types. Nothing in such a body can find a
// value of another type than proved but the parameters, so a wrong guess
// costs one check per call.
func leafRegion(p *bc.Proto) []*typedLoop {
	if len(p.Code) > maxLeaf || p.IsVararg {
		return nil
	}
	for _, i := range p.Code {
		switch i.Op() {
		case bc.OpCall, bc.OpTailCall, bc.OpGetTable, bc.OpGetI, bc.OpGetField, bc.OpGetTabUp, bc.OpGetUpval,
			bc.OpSetTable, bc.OpSetI, bc.OpSetField:
			return nil
		}
	}
	lg, guess := loadGuesses(p)
	l := typeLoop(p, 0, len(p.Code)-1, guess[0], lg)
	if l == nil {
		return nil
	}
	return []*typedLoop{l}
}

// fieldSlots are the slot expressions of a field access of constant k
// with FieldSlot's and FieldFind's arguments args: FieldSlot only for a
// key that is not empty (its condition).
func (t *typedEmitter) fieldSlots(k int, args string) []string {
	find := "rt.FieldFind(" + args + ")"
	if t.p.Constants[k].Str == "" {
		return []string{find}
	}
	return []string{"rt.FieldSlot(" + args + ")", find}
}

// hint is the local that keeps the node index of instruction pc's key
// (runtime.FieldSlot).
func (t *typedEmitter) hint(pc int) string {
	name := fmt.Sprintf("%sHint%d", t.g.fname(t.fn), pc)
	t.hints[name] = true
	return name
}

// bail goes to the generic code of instruction pc with state s written
// back, counting one early exit.
func (t *typedEmitter) bail(s state, pc int) {
	t.exitTo(s, true, pc)
}

// loadInto stores the value at from (a Go expression of type *rt.Value)
// into register a, or into a's local when o types it: then its tag is
// checked, and a value of another type is left in the register and the
// generic code goes on after instruction pc.
func (t *typedEmitter) loadInto(pc, a int, o state, from string) {
	reg := fmt.Sprintf("f.R(%d)", a)
	switch o[a] {
	case vtInt, vtFloat:
		is, as := "IsInt", "AsInt"
		if o[a] == vtFloat {
			is, as = "IsFloat", "AsFloat"
		}
		t.printf("if x := %s; x.%s() {\n%s = x.%s()\n} else {\n", from, is, t.local(a, o[a]), as)
		if from != reg {
			t.printf("*f.R(%d) = *x\n", a)
		}
		rest := o.clone()
		rest[a] = vtUnk
		t.bail(rest, pc+1)
		t.printf("}\n")
	default:
		if from != reg {
			t.printf("*f.R(%d) = *%s\n", a, from)
		}
	}
}

// read writes a table or upvalue read at pc: slot is the inlined common
// hit (a *rt.Value expression, nil when it does not apply; "" for none),
// method the Frame method that writes register a and reports whether it
// applied ("" for none); when neither applies, the generic instruction
// runs.
func (t *typedEmitter) read(pc int, s, o state, slot, method string) {
	t.readAny(pc, s, o, []string{slot}, method)
}

// readAny is read with several slot expressions tried in turn.
func (t *typedEmitter) readAny(pc int, s, o state, slots []string, method string) {
	a := t.p.Code[pc].A()
	open := false
	for _, slot := range slots {
		if slot == "" {
			continue
		}
		t.printf("if v := %s; v != nil {\n", slot)
		t.loadInto(pc, a, o, "v")
		t.printf("} else ")
		open = true
	}
	if method != "" {
		t.printf("if %s {\n", method)
		t.loadInto(pc, a, o, fmt.Sprintf("f.R(%d)", a))
		t.printf("} else ")
		open = true
	}
	if open {
		t.printf("{\n")
		t.leaveCounted(s, pc)
		t.printf("}\n")
	} else {
		t.leaveCounted(s, pc)
	}
}

// leaveCounted is leave counting an early exit.
func (t *typedEmitter) leaveCounted(s state, pc int) {
	t.leaveAt(s, pc, true)
}

// tableOp writes the typed code of a table or upvalue access at pc and
// reports whether the instruction can go on at pc+1.
func (t *typedEmitter) tableOp(pc int, i bc.Instruction, s, o state) bool {
	a, b, c := i.A(), i.B(), i.C()
	switch i.Op() {
	case bc.OpGetUpval:
		t.loadInto(pc, a, o, fmt.Sprintf("f.Up(%d)", b))
	case bc.OpGetTabUp:
		tab := fmt.Sprintf("f.Up(%d), f.K(%d), &%s", b, c, t.hint(pc))
		t.readAny(pc, s, o, t.fieldSlots(c, tab), fmt.Sprintf("f.GetTabUp(%d, %d, %d)", a, b, c))
	case bc.OpGetField:
		tab := fmt.Sprintf("f.R(%d), f.K(%d), &%s", b, c, t.hint(pc))
		t.readAny(pc, s, o, t.fieldSlots(c, tab), fmt.Sprintf("f.GetFieldC(%d, %d, %d, &%s)", a, b, c, t.g.methodCache(pc)))
	case bc.OpGetI:
		t.read(pc, s, o, fmt.Sprintf("rt.IntField(f.R(%d), %d)", b, c), fmt.Sprintf("f.GetI(%d, %d, %d)", a, b, c))
	case bc.OpGetTable:
		switch s[c] {
		case vtInt:
			t.read(pc, s, o, fmt.Sprintf("rt.IntField(f.R(%d), %s)", b, t.local(c, vtInt)), "")
		case vtFloat: // an array index when integral
			t.read(pc, s, o, fmt.Sprintf("rt.FloatField(f.R(%d), %s)", b, t.local(c, vtFloat)), "")
		default:
			t.read(pc, s, o, fmt.Sprintf("rt.IndexField(f.R(%d), f.R(%d))", b, c), fmt.Sprintf("f.GetTable(%d, %d, %d)", a, b, c))
		}
	case bc.OpSetTable, bc.OpSetI, bc.OpSetField:
		return t.store(pc, i, s)
	}
	return true
}

// store writes SETTABLE, SETI and SETFIELD.
func (t *typedEmitter) store(pc int, i bc.Instruction, s state) bool {
	a, b, c := i.A(), i.B(), i.C()
	val := fmt.Sprintf("f.R(%d)", c)
	var box string
	switch {
	case i.K():
		val = fmt.Sprintf("f.K(%d)", c)
	case s[c] == vtInt:
		box = fmt.Sprintf("v := rt.Int(%s)\n", t.local(c, vtInt))
		val = "&v"
	case s[c] == vtFloat:
		box = fmt.Sprintf("v := rt.Float(%s)\n", t.local(c, vtFloat))
		val = "&v"
	}
	var call string
	switch i.Op() {
	case bc.OpSetTable:
		switch s[b] {
		case vtInt:
			call = fmt.Sprintf("f.SetIntKey(%d, %s, %s)", a, t.local(b, vtInt), val)
		case vtFloat:
			t.storeFloatKey(pc, i, s, val, box)
			return true
		default:
			call = fmt.Sprintf("f.SetTable(%d, %d, %s)", a, b, val)
		}
	case bc.OpSetI:
		call = fmt.Sprintf("f.SetI(%d, %d, %s)", a, b, val)
	default:
		call = fmt.Sprintf("f.SetField(%d, %d, %s)", a, b, val)
	}
	var slots []string
	switch {
	case s[b] == vtInt && i.Op() == bc.OpSetTable:
		slots = []string{fmt.Sprintf("rt.ArraySlot(f.R(%d), %s)", a, t.local(b, vtInt))}
	case i.Op() == bc.OpSetField:
		slots = t.fieldSlots(b, fmt.Sprintf("f.R(%d), f.K(%d), &%s", a, b, t.hint(pc)))
	}
	cond := ""
	if i.Op() == bc.OpSetField {
		// A table a method cache entry depends on is stored into by
		// SetField, which invalidates the entry.
		cond = fmt.Sprintf(" && rt.Unmarked(f.R(%d))", a)
	}
	for _, slot := range slots {
		// The common case inline: an existing slot holding a value
		// (a store there needs no metamethod).
		t.printf("if sl := %s; sl != nil%s {\n", slot, cond)
		t.putSlot(s, c, val, box)
		t.printf("} else ")
	}
	t.printf("{\n%sif !%s {\n", box, call)
	t.leaveCounted(s, pc)
	t.printf("}\n}\n")
	return true
}

// storeFloatKey writes a SETTABLE whose key is a float local: a store
// into an existing slot of the array part when the key is integral,
// else the generic instruction.
func (t *typedEmitter) storeFloatKey(pc int, i bc.Instruction, s state, val, box string) {
	a, c := i.A(), i.C()
	t.printf("if sl := rt.FloatSlot(f.R(%d), %s); sl != nil {\n", a, t.local(i.B(), vtFloat))
	t.putSlot(s, c, val, box)
	t.printf("} else {\n")
	t.leaveCounted(s, pc)
	t.printf("}\n")
}

// putSlot writes the store of register c's value into the slot sl: from
// its typed local when box says the value is one (a number kept in a Go
// local), else the boxed value val.
func (t *typedEmitter) putSlot(s state, c int, val, box string) {
	switch {
	case box != "" && s[c] == vtInt:
		t.printf("rt.PutInt(sl, %s)\n", t.local(c, vtInt))
	case box != "":
		t.printf("rt.PutFloat(sl, %s)\n", t.local(c, vtFloat))
	default:
		t.printf("rt.Put(sl, %s)\n", val)
	}
}

// call writes a CALL (fixed arguments and results): the locals written
// back, the call made as in the generic code, the typed registers read
// again with their tags checked. Only the results are read again when
// debug.setlocal stored nothing meanwhile, except registers a closure of
// the function may have captured (an upvalue may have changed them).
func (t *typedEmitter) call(pc int, i bc.Instruction, s, o state) {
	a := i.A()
	t.writeBack(s)
	t.locals["lw"] = true
	t.printf("lw = f.LocalWrites()\n")
	t.printf("if n := f.CallABC(%d, %d, %d, %d); n != %d {\nreturn f.Exit(n)\n}\n", pc, a, i.B(), i.C(), pc+1)
	all := t.reload(pc, o, func(int) bool { return true })
	some := t.reload(pc, o, func(r int) bool { return r >= a || t.captured(r) })
	if all == "" {
		return
	}
	if all == some {
		t.printf("%s", all)
		return
	}
	t.printf("if f.LocalWrites() != lw {\n%s} else {\n%s}\n", all, some)
}

// reload is the code that reads the typed registers of o that pick
// selects again after a call, going to the generic code when a tag does
// not match.
func (t *typedEmitter) reload(pc int, o state, pick func(int) bool) string {
	saved := t.g.b
	t.g.b = bytes.Buffer{}
	defer func() { t.g.b = saved }()
	var conds, loads []string
	for r, v := range o {
		if !pick(r) {
			continue
		}
		switch v {
		case vtInt:
			conds = append(conds, fmt.Sprintf("f.R(%d).IsInt()", r))
			loads = append(loads, fmt.Sprintf("%s = f.R(%d).AsInt()\n", t.local(r, v), r))
		case vtFloat:
			conds = append(conds, fmt.Sprintf("f.R(%d).IsFloat()", r))
			loads = append(loads, fmt.Sprintf("%s = f.R(%d).AsFloat()\n", t.local(r, v), r))
		}
	}
	if len(conds) == 0 {
		return ""
	}
	t.printf("if !(%s) {\n", strings.Join(conds, " && "))
	t.exitTo(make(state, len(o)), true, pc+1)
	t.printf("}\n%s", strings.Join(loads, ""))
	return t.g.b.String()
}

// captured reports whether a closure created in the function captures
// register r (its open upvalue can change the register during a call).
func (t *typedEmitter) captured(r int) bool {
	for _, i := range t.p.Code {
		if i.Op() != bc.OpClosure {
			continue
		}
		for _, u := range t.p.Protos[i.Bx()].Upvalues {
			if u.InStack && int(u.Index) == r {
				return true
			}
		}
	}
	return false
}
