package bytecode

import (
	"fmt"
	"io"
	"strconv"
)

// Disassemble writes a listing of p and its nested functions, one
// instruction per line with its line number and operands, in the spirit
// of `luac -l`. It is for people: tests should not depend on its layout.
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
		fmt.Fprintf(w, "\t%d\t[%s]\t%-10s\t%s\n", pc+1, line, i.Op(), operands(i, pc))
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
