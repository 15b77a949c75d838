package host

import (
	"strings"

	"panto/bytecode"
	"panto/runtime"
)

// A source that returns the wrong shape, or a declaration that
// register_tool refuses, fails after its chunk has run: Lua has no line
// to give, because no Lua code raised the error. The chunk's own code
// still knows where the table was written. These functions read it back
// from the chunk's line information, so that panto run positions these
// problems as panto build does (the build reads the source; a bundle has
// only the chunks). They run only on the error path, and answer 0 when
// the chunk was stripped or the table was built in a way they do not
// follow, so a message is never placed on a wrong line.

// chunkWhere finds lines in one loaded chunk. It decodes the chunk the
// first time it is asked.
type chunkWhere struct {
	L     *runtime.State
	fn    runtime.Value
	proto *bytecode.Proto
	done  bool
	// read returns the chunk's file (nil: none), for the lines of table
	// constructors (where_brace.go); toks is its tokens, once read.
	read     func() ([]byte, error)
	toks     []luaToken
	toksDone bool
}

// tokens is the chunk's source split into tokens, or nil when there is
// no source (a bundle's chunk, or a file that cannot be read again).
func (w *chunkWhere) tokens() []luaToken {
	if !w.toksDone {
		w.toksDone = true
		if w.read != nil {
			if data, err := w.read(); err == nil {
				if src := runtime.SkipComment(string(data)); !strings.HasPrefix(src, "\x1bLua") {
					w.toks = luaTokens(src)
				}
			}
		}
	}
	return w.toks
}

// brace corrects the line of a table constructor the chunk gives
// (first: the line of the token before its '{') with found, the brace's
// line in the source, when found lies between first and last, the line
// of an instruction that fills the table.
func brace(first, found, last int) int {
	if found > first && found <= last {
		return found
	}
	return first
}

func (w *chunkWhere) main() *bytecode.Proto {
	if !w.done {
		w.done = true
		if data, err := w.L.Dump(w.fn, false); err == nil {
			if p, err := bytecode.Decode(data); err == nil && len(p.Lines()) == len(p.Code) {
				w.proto = p
			}
		}
	}
	return w.proto
}

// field is the line where a table constructor or assignment of the chunk
// sets the string key name (`handeler = function() ... end`), looking in
// the chunk's main function first and then in the functions it defines;
// 0 when none does.
func (w *chunkWhere) field(name string) int {
	p := w.main()
	if p == nil {
		return 0
	}
	return fieldLine(p, name)
}

func fieldLine(p *bytecode.Proto, name string) int {
	for pc, ins := range p.Code {
		if ins.Op() == bytecode.OpSetField && constString(p, ins.B()) == name {
			return p.Line(pc)
		}
	}
	for _, sub := range p.Protos {
		if line := fieldLine(sub, name); line > 0 {
			return line
		}
	}
	return 0
}

// returned is the line of what the chunk's main function returns: the
// line of the table constructor when the last value-returning return
// returns a table built just before it, else the line of that return;
// when the chunk returns nothing, the line where it ends.
func (w *chunkWhere) returned() int {
	p := w.main()
	if p == nil || len(p.Code) == 0 {
		return 0
	}
	for pc := len(p.Code) - 1; pc >= 0; pc-- {
		ins := p.Code[pc]
		switch {
		case ins.Op() == bytecode.OpReturn1, ins.Op() == bytecode.OpReturn && ins.B() != 1:
			if line := constructorLine(p, pc, ins.A()); line > 0 {
				return brace(line, returnBrace(w.tokens(), line), p.Line(pc))
			}
			return p.Line(pc)
		}
	}
	return p.Line(len(p.Code) - 1)
}

// declaration is the line of the table constructor that sets name =
// "value" (a tool declaration returned by the file, alone or in a list),
// or of that field when its table is not built by a constructor; 0 when
// no code of the chunk's main function sets it.
func (w *chunkWhere) declaration(value string) int {
	p := w.main()
	if p == nil || value == "" {
		return 0
	}
	for pc, ins := range p.Code {
		if ins.Op() != bytecode.OpSetField || !ins.K() || constString(p, ins.B()) != "name" || constString(p, ins.C()) != value {
			continue
		}
		if line := constructorLine(p, pc, ins.A()); line > 0 {
			return brace(line, declarationBrace(w.tokens(), value, p.Line(pc)), p.Line(pc))
		}
		return p.Line(pc)
	}
	return 0
}

// constructorLine is the line of the NEWTABLE that last wrote register
// reg before pc, or 0 when another instruction wrote it in between (the
// value is then not that table) or none did.
func constructorLine(p *bytecode.Proto, pc, reg int) int {
	for i := pc - 1; i >= 0; i-- {
		ins := p.Code[i]
		if ins.A() != reg {
			continue
		}
		switch ins.Op() {
		case bytecode.OpNewTable:
			return p.Line(i)
		case bytecode.OpSetField, bytecode.OpSetList, bytecode.OpSetI, bytecode.OpSetTable, bytecode.OpExtraArg:
			// These write into the table in register A, not register A.
			continue
		}
		return 0
	}
	return 0
}

func constString(p *bytecode.Proto, k int) string {
	if k < 0 || k >= len(p.Constants) || p.Constants[k].Kind != bytecode.ConstString {
		return ""
	}
	return p.Constants[k].Str
}
