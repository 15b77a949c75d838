package runtime

import (
	"fmt"
	"strings"

	bc "panto/bytecode"
	"panto/diag"
)

func chunkID(source string) string { return diag.ChunkID(source) }

// currentLine returns the line being executed in a Lua frame.
func (L *State) currentLine(ci *callInfo) int {
	pc := ci.pc - 1
	if pc < 0 {
		// Nothing saved yet: the reference reports the line where the
		// function is defined.
		return int(ci.cl.p.src.LineDefined)
	}
	return ci.cl.p.src.Line(pc)
}

// levelCI returns the frame at a stack level: 0 is the running function,
// 1 its caller, and so on; nil past the bottom.
func (L *State) levelCI(level int) *callInfo {
	ci := L.ci
	for ; level > 0 && ci != &L.baseCI; level-- {
		ci = ci.prev
	}
	if level == 0 && ci != &L.baseCI {
		return ci
	}
	return nil
}

// upvalName returns the name of upvalue idx of p.
func upvalName(p *bc.Proto, idx int) string {
	if name := p.UpvalueName(idx); name != "" {
		return name
	}
	return "?"
}

// getObjName finds a name for the value in register reg at instruction
// lastpc by looking at how the code computed it: a local variable, a
// global, a field, an upvalue, a constant or a method.
func getObjName(p *bc.Proto, lastpc, reg int) (kind, name string) {
	if n := p.LocalName(reg+1, lastpc); n != "" {
		return "local", n
	}
	pc := findSetReg(p, lastpc, reg)
	if pc < 0 {
		return "", ""
	}
	i := p.Code[pc]
	switch i.Op() {
	case bc.OpMove:
		if b := i.B(); b < i.A() {
			return getObjName(p, pc, b)
		}
	case bc.OpGetTabUp:
		name = constName(p, i.C())
		if upvalName(p, i.B()) == "_ENV" {
			return "global", name
		}
		return "field", name
	case bc.OpGetTable:
		name = regConstName(p, pc, i.C())
		return tableKind(p, pc, i.B()), name
	case bc.OpGetI:
		return "field", "integer index"
	case bc.OpGetField:
		name = constName(p, i.C())
		return tableKind(p, pc, i.B()), name
	case bc.OpGetUpval:
		return "upvalue", upvalName(p, i.B())
	case bc.OpLoadK, bc.OpLoadKX:
		b := i.Bx()
		if i.Op() == bc.OpLoadKX {
			b = p.Code[pc+1].Ax()
		}
		if b < len(p.Constants) && p.Constants[b].Kind == bc.ConstString {
			return "constant", p.Constants[b].Str
		}
	case bc.OpSelf:
		if i.K() {
			name = constName(p, i.C())
		} else {
			name = regConstName(p, pc, i.C())
		}
		return "method", name
	}
	return "", ""
}

// tableKind tells "global" when the indexed table is the _ENV variable.
func tableKind(p *bc.Proto, pc, t int) string {
	if _, n := getObjName(p, pc, t); n == "_ENV" {
		return "global"
	}
	return "field"
}

func constName(p *bc.Proto, k int) string {
	if k < len(p.Constants) && p.Constants[k].Kind == bc.ConstString {
		return p.Constants[k].Str
	}
	return "?"
}

// regConstName names a key held in a register when it is a constant string.
func regConstName(p *bc.Proto, pc, r int) string {
	if kind, n := getObjName(p, pc, r); kind == "constant" {
		return n
	}
	return "?"
}

// findSetReg returns the last instruction before lastpc that set register
// reg, or -1 when that depends on a jump taken at run time.
func findSetReg(p *bc.Proto, lastpc, reg int) int {
	setreg := -1
	jmptarget := 0
	for pc := 0; pc < lastpc && pc < len(p.Code); pc++ {
		i := p.Code[pc]
		a := i.A()
		change := false
		switch op := i.Op(); op {
		case bc.OpLoadNil:
			change = a <= reg && reg <= a+i.B()
		case bc.OpTForCall:
			change = reg >= a+2
		case bc.OpCall, bc.OpTailCall:
			change = reg >= a
		case bc.OpJmp:
			dest := pc + 1 + i.SJ()
			if dest <= lastpc && dest > jmptarget {
				jmptarget = dest
			}
		default:
			change = bc.Info[op].SetsA && reg == a
		}
		if change {
			if pc < jmptarget {
				setreg = -1
			} else {
				setreg = pc
			}
		}
	}
	return setreg
}

// funcNameFromCode names the function called by instruction pc of a Lua
// frame: the variable that held it, or the metamethod event.
func (L *State) funcNameFromCode(ci *callInfo, pc int) (kind, name string) {
	p := ci.cl.p.src
	if pc < 0 || pc >= len(p.Code) {
		return "", ""
	}
	i := p.Code[pc]
	var tm tmEvent
	switch op := i.Op(); op {
	case bc.OpCall, bc.OpTailCall:
		return getObjName(p, pc, i.A())
	case bc.OpTForCall:
		return "for iterator", "for iterator"
	case bc.OpSelf, bc.OpGetTabUp, bc.OpGetTable, bc.OpGetI, bc.OpGetField:
		tm = tmIndex
	case bc.OpSetTabUp, bc.OpSetTable, bc.OpSetI, bc.OpSetField:
		tm = tmNewindex
	case bc.OpAddI, bc.OpAddK, bc.OpAdd:
		tm = tmAdd
	case bc.OpSubK, bc.OpSub:
		tm = tmSub
	case bc.OpMulK, bc.OpMul:
		tm = tmMul
	case bc.OpModK, bc.OpMod:
		tm = tmMod
	case bc.OpPowK, bc.OpPow:
		tm = tmPow
	case bc.OpDivK, bc.OpDiv:
		tm = tmDiv
	case bc.OpIDivK, bc.OpIDiv:
		tm = tmIDiv
	case bc.OpBandK, bc.OpBand:
		tm = tmBand
	case bc.OpBorK, bc.OpBor:
		tm = tmBor
	case bc.OpBxorK, bc.OpBxor:
		tm = tmBxor
	case bc.OpShlI, bc.OpShl:
		tm = tmShl
	case bc.OpShrI, bc.OpShr:
		tm = tmShr
	case bc.OpUnm:
		tm = tmUnm
	case bc.OpBnot:
		tm = tmBnot
	case bc.OpLen:
		tm = tmLen
	case bc.OpConcat:
		tm = tmConcat
	case bc.OpEq:
		tm = tmEq
	case bc.OpLt, bc.OpLtI, bc.OpGtI:
		tm = tmLt
	case bc.OpLe, bc.OpLeI, bc.OpGeI:
		tm = tmLe
	case bc.OpClose, bc.OpReturn:
		tm = tmClose
	default:
		return "", ""
	}
	return "metamethod", tmNameList[tm][2:]
}

// funcName names the function running in frame ci from its caller's point
// of view (getfuncname in the reference).
func (L *State) funcName(ci *callInfo) (kind, name string) {
	if ci == nil || ci.status&ciTail != 0 {
		return "", ""
	}
	caller := ci.prev
	if caller == nil || caller == &L.baseCI && caller.status&ciLua == 0 && caller.fn == 0 {
		if caller == nil {
			return "", ""
		}
	}
	if caller.status&ciHooked != 0 {
		return "hook", "?"
	}
	if caller.status&ciFin != 0 {
		return "metamethod", "__gc"
	}
	if caller.status&ciLua != 0 {
		return L.funcNameFromCode(caller, caller.pc-1)
	}
	return "", ""
}

// DebugInfo describes a function or an active frame, like lua_Debug.
type DebugInfo struct {
	Source          string
	ShortSrc        string
	What            string // "Lua", "C", "main"
	Name            string
	NameWhat        string
	CurrentLine     int
	LineDefined     int
	LastLineDefined int
	NumUpvalues     int
	NumParams       int
	IsVararg        bool
	IsTailCall      bool
	Func            Value
	ci              *callInfo
}

// funcInfo fills the function-related fields for fn.
func funcInfo(fn Value, d *DebugInfo) {
	d.Func = fn
	d.CurrentLine = -1
	if fn.t == tagLuaFn {
		cl := fn.closure()
		p := cl.p.src
		d.Source = p.Source
		d.ShortSrc = shortSource(d.Source)
		d.LineDefined = int(p.LineDefined)
		d.LastLineDefined = int(p.LastLineDefined)
		if d.LineDefined == 0 {
			d.What = "main"
		} else {
			d.What = "Lua"
		}
		d.NumUpvalues = len(cl.upvals)
		d.NumParams = cl.p.numParams
		d.IsVararg = cl.p.isVararg
		return
	}
	d.Source = "=[C]"
	d.ShortSrc = "[C]"
	d.What = "C"
	d.LineDefined = -1
	d.LastLineDefined = -1
	d.IsVararg = true
	if fn.t == tagGoFn {
		d.NumUpvalues = len(fn.gofn().Upvalues)
	}
}

// StackInfo returns information about the function at a stack level, or
// false when there is no such level.
func (L *State) StackInfo(level int) (DebugInfo, bool) {
	ci := L.levelCI(level)
	if ci == nil {
		return DebugInfo{}, false
	}
	return L.frameInfo(ci), true
}

func (L *State) frameInfo(ci *callInfo) DebugInfo {
	var d DebugInfo
	d.ci = ci
	funcInfo(L.stack[ci.fn], &d)
	if ci.status&ciLua != 0 {
		d.CurrentLine = L.currentLine(ci)
	}
	d.IsTailCall = ci.status&ciTail != 0
	d.NameWhat, d.Name = L.funcName(ci)
	return d
}

// Traceback returns "stack traceback:" and the frames of L from level on,
// with msg (if not empty) on the line before, like luaL_traceback.
func (L *State) Traceback(msg string, level int) string {
	var b strings.Builder
	if msg != "" {
		b.WriteString(msg)
		b.WriteByte('\n')
	}
	b.WriteString("stack traceback:")
	var frames []*callInfo
	for ci := L.levelCI(level); ci != nil && ci != &L.baseCI; ci = ci.prev {
		frames = append(frames, ci)
	}
	// Like luaL_traceback: past 22 levels, show the first 10 and the last
	// 11; the message counts one level less than it skips, as the
	// reference's does.
	const levels1, levels2 = 10, 11
	skip := len(frames) > levels1+levels2+1
	for n, ci := range frames {
		if skip && n == levels1 {
			fmt.Fprintf(&b, "\n\t...\t(skipping %d levels)", len(frames)-levels1-levels2-1)
		}
		if skip && n >= levels1 && n < len(frames)-levels2 {
			continue
		}
		d := L.frameInfo(ci)
		if d.CurrentLine <= 0 {
			fmt.Fprintf(&b, "\n\t%s: in ", d.ShortSrc)
		} else {
			fmt.Fprintf(&b, "\n\t%s:%d: in ", d.ShortSrc, d.CurrentLine)
		}
		b.WriteString(L.describeFunction(&d))
		if d.IsTailCall {
			b.WriteString("\n\t(...tail calls...)")
		}
	}
	return b.String()
}

// describeFunction is how tracebacks name a frame's function.
func (L *State) describeFunction(d *DebugInfo) string {
	if name, ok := L.globalFuncName(d.Func); ok {
		return fmt.Sprintf("function '%s'", name)
	}
	switch {
	case d.NameWhat != "":
		return fmt.Sprintf("%s '%s'", d.NameWhat, d.Name)
	case d.What == "main":
		return "main chunk"
	case d.What != "C":
		return fmt.Sprintf("function <%s:%d>", d.ShortSrc, d.LineDefined)
	}
	return "?"
}

// globalFuncName searches package.loaded for fn, as tracebacks do, and
// returns "mod.name" (or just "name" for globals).
func (L *State) globalFuncName(fn Value) (string, bool) {
	if fn.t != tagGoFn && fn.t != tagLuaFn {
		return "", false
	}
	loaded := L.g.loaded
	var found string
	k := Nil
	for {
		var v Value
		var ok bool
		k, v, ok = loaded.Next(k)
		if !ok || k.t == tagNil {
			break
		}
		if v.t != tagTable || k.t != tagString {
			continue
		}
		mod := v.table()
		mk := Nil
		for {
			var mv Value
			mk, mv, ok = mod.Next(mk)
			if !ok || mk.t == tagNil {
				break
			}
			if mk.t == tagString && mv.t == fn.t && mv.p == fn.p {
				name := k.AsString() + "." + mk.AsString()
				if found == "" || len(name) < len(found) || strings.HasPrefix(name, "_G.") {
					found = name
				}
			}
		}
	}
	if found == "" {
		return "", false
	}
	return strings.TrimPrefix(found, "_G."), true
}
