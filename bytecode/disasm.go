package bytecode

import (
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Disassemble writes a listing of p and its nested functions, one
// instruction per line with its line number and operands, in the spirit
// of `luac -l`: after a ';' come the constants an instruction names, the
// values of its signed immediates, and the targets of jumps and loops.
// It is for people; the code generator's golden files
// (compiler/codegen/testdata) are listings, so a change of layout means
// regenerating them (go test ./compiler/codegen -update) and reviewing the
// diff.
func Disassemble(w io.Writer, p *Proto) {
	disasm(w, p, "main")
}

func disasm(w io.Writer, p *Proto, name string) {
	p.LoadDebug()
	fmt.Fprintf(w, "%s <%s:%d,%d> (%d instructions)\n", name, p.Source, p.LineDefined, p.LastLineDefined, len(p.Code))
	fmt.Fprintf(w, "%d params, %d slots, %d upvalues, %d locals, %d constants, %d functions\n",
		p.NumParams, p.MaxStackSize, len(p.Upvalues), len(p.LocVars), len(p.Constants), len(p.Protos))
	for pc, i := range p.Code {
		line := "-"
		if l := p.Line(pc); l >= 0 {
			line = strconv.Itoa(l)
		}
		ops := operands(i, pc)
		if c := comment(p, i, pc); c != "" {
			ops += "\t; " + c
		}
		fmt.Fprintf(w, "\t%d\t[%s]\t%-10s\t%s\n", pc+1, line, i.Op(), ops)
	}
	for i, c := range p.Constants {
		fmt.Fprintf(w, "\tk%d\t%s\n", i, c)
	}
	for i, sub := range p.Protos {
		disasm(w, sub, fmt.Sprintf("function %d", i))
	}
}

func operands(i Instruction, pc int) string {
	switch Info[i.Op()].Format {
	case IABx:
		return fmt.Sprintf("%d %d", i.A(), i.Bx())
	case IAsBx:
		return fmt.Sprintf("%d %d", i.A(), i.SBx())
	case IAx:
		return fmt.Sprintf("%d", i.Ax())
	case IsJ:
		return fmt.Sprintf("%d\t; to %d", i.SJ(), pc+2+i.SJ())
	}
	k := ""
	if i.K() {
		k = "k"
	}
	return fmt.Sprintf("%d %d %d%s", i.A(), i.B(), i.C(), k)
}

// comment annotates an instruction as luac -l does: what its constant
// operands hold, what its immediates are, where its loop jumps go.
func comment(p *Proto, i Instruction, pc int) string {
	k := func(n int) string {
		if n >= 0 && n < len(p.Constants) {
			return p.Constants[n].String()
		}
		return "?"
	}
	rk := func() string { // RK(C): a constant only with the k bit
		if i.K() {
			return " " + k(i.C())
		}
		return ""
	}
	switch i.Op() {
	case OpLoadK:
		return k(i.Bx())
	case OpGetTabUp:
		return p.UpvalueName(i.B()) + " " + k(i.C())
	case OpSetTabUp:
		return p.UpvalueName(i.A()) + " " + k(i.B()) + rk()
	case OpGetField, OpAddK, OpSubK, OpMulK, OpModK, OpPowK, OpDivK, OpIDivK, OpBandK, OpBorK, OpBxorK:
		return k(i.C())
	case OpSetField:
		return k(i.B()) + rk()
	case OpSetTable, OpSetI, OpSelf:
		return strings.TrimPrefix(rk(), " ")
	case OpEqK:
		return k(i.B())
	case OpAddI, OpShrI, OpShlI:
		return strconv.Itoa(i.SC())
	case OpEqI, OpLtI, OpLeI, OpGtI, OpGeI:
		return strconv.Itoa(i.SB())
	case OpGetUpval, OpSetUpval:
		return p.UpvalueName(i.B())
	case OpForLoop, OpTForLoop:
		return "to " + strconv.Itoa(pc+2-i.Bx())
	case OpForPrep:
		return "exit to " + strconv.Itoa(pc+i.Bx()+3)
	case OpTForPrep:
		return "to " + strconv.Itoa(pc+i.Bx()+2)
	}
	return ""
}

// String renders a constant for listings.
func (c Constant) String() string {
	switch c.Kind {
	case ConstNil:
		return "nil"
	case ConstFalse:
		return "false"
	case ConstTrue:
		return "true"
	case ConstInt:
		return strconv.FormatInt(c.Int, 10)
	case ConstFloat:
		return strconv.FormatFloat(c.Float, 'g', -1, 64) + "f"
	}
	return strconv.Quote(c.Str)
}

// InstructionString renders instruction pc of p as one line of a listing
// (opcode, operands and the annotation after ';'), without its number and
// line: for code generated from bytecode, which shows each instruction it
// implements.
func InstructionString(p *Proto, pc int) string {
	i := p.Code[pc]
	s := fmt.Sprintf("%s %s", i.Op(), strings.ReplaceAll(operands(i, pc), "\t", " "))
	if c := comment(p, i, pc); c != "" {
		s += " ; " + c
	}
	return s
}
