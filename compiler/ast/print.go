package ast

import (
	"math"
	"strconv"
	"strings"
)

// Print renders a chunk as canonical Lua source: one statement per line,
// each ending in ';' (so that no statement can run into the next), every
// binary and unary operation in parentheses, calls always with a
// parenthesised argument list, and literals in one fixed spelling. Parsing
// the output gives back an equivalent tree, and printing that tree gives the
// same text again, which is what the parser's tests rely on.
func Print(c *Chunk) string {
	p := printer{indent: -1} // top-level statements are not indented
	p.block(c.Block)
	s := p.sb.String()
	if s != "" {
		s = s[1:] + "\n" // each statement starts with a line break
	}
	return s
}

// ExprString renders one expression the way Print does.
func ExprString(e Expr) string {
	var p printer
	p.expr(e)
	return p.sb.String()
}

type printer struct {
	sb     strings.Builder
	indent int
}

func (p *printer) s(s string) { p.sb.WriteString(s) }

func (p *printer) line() {
	p.sb.WriteByte('\n')
	for i := 0; i < p.indent; i++ {
		p.sb.WriteString("  ")
	}
}

func (p *printer) block(b *Block) {
	p.indent++
	for _, st := range b.Stmts {
		p.line()
		p.stmt(st)
		p.s(";")
	}
	p.indent--
}

// body prints an indented block followed by the closing keyword on its own
// line.
func (p *printer) body(b *Block, closing string) {
	p.block(b)
	p.line()
	p.s(closing)
}

func (p *printer) stmt(st Stmt) {
	switch s := st.(type) {
	case *LocalStmt:
		p.s("local ")
		for i, n := range s.Names {
			if i > 0 {
				p.s(", ")
			}
			p.s(n.Name)
			if n.Attrib != "" {
				p.s(" <" + n.Attrib + ">")
			}
		}
		if len(s.Exprs) > 0 {
			p.s(" = ")
			p.exprs(s.Exprs)
		}
	case *AssignStmt:
		p.exprs(s.Targets)
		p.s(" = ")
		p.exprs(s.Exprs)
	case *CallStmt:
		p.expr(s.Call)
	case *DoStmt:
		p.s("do")
		p.body(s.Body, "end")
	case *WhileStmt:
		p.s("while ")
		p.expr(s.Cond)
		p.s(" do")
		p.body(s.Body, "end")
	case *RepeatStmt:
		p.s("repeat")
		p.body(s.Body, "until ")
		p.expr(s.Cond)
	case *IfStmt:
		for i, c := range s.Clauses {
			if i > 0 {
				p.line()
				p.s("elseif ")
			} else {
				p.s("if ")
			}
			p.expr(c.Cond)
			p.s(" then")
			p.block(c.Body)
		}
		if s.Else != nil {
			p.line()
			p.s("else")
			p.block(s.Else)
		}
		p.line()
		p.s("end")
	case *NumericForStmt:
		p.s("for " + s.Var.Name + " = ")
		p.expr(s.Init)
		p.s(", ")
		p.expr(s.Limit)
		if s.Step != nil {
			p.s(", ")
			p.expr(s.Step)
		}
		p.s(" do")
		p.body(s.Body, "end")
	case *GenericForStmt:
		p.s("for ")
		for i, n := range s.Names {
			if i > 0 {
				p.s(", ")
			}
			p.s(n.Name)
		}
		p.s(" in ")
		p.exprs(s.Exprs)
		p.s(" do")
		p.body(s.Body, "end")
	case *FunctionStmt:
		p.s("function ")
		p.funcName(s.Target, s.IsMethod)
		p.funcBody(s.Func, s.IsMethod)
	case *LocalFunctionStmt:
		p.s("local function " + s.Name.Name)
		p.funcBody(s.Func, false)
	case *ReturnStmt:
		p.s("return")
		if len(s.Exprs) > 0 {
			p.s(" ")
			p.exprs(s.Exprs)
		}
	case *BreakStmt:
		p.s("break")
	case *GotoStmt:
		p.s("goto " + s.Label)
	case *LabelStmt:
		p.s("::" + s.Name + "::")
	default:
		p.s("--[[?stmt]]")
	}
}

// funcName prints the target of a function statement: a.b.c or a.b:c.
func (p *printer) funcName(e Expr, isMethod bool) {
	switch t := e.(type) {
	case *NameExpr:
		p.s(t.Name)
	case *IndexExpr:
		p.funcName(t.Obj, false)
		if isMethod {
			p.s(":")
		} else {
			p.s(".")
		}
		if k, ok := t.Key.(*StringExpr); ok {
			p.s(k.Value)
		}
	}
}

// funcBody prints (params) body end; for a method it leaves out the
// implicit self.
func (p *printer) funcBody(f *FunctionExpr, isMethod bool) {
	params := f.Params
	if isMethod && len(params) > 0 {
		params = params[1:]
	}
	p.s("(")
	for i, par := range params {
		if i > 0 {
			p.s(", ")
		}
		p.s(par.Name)
	}
	if f.IsVararg {
		if len(params) > 0 {
			p.s(", ")
		}
		p.s("...")
	}
	p.s(")")
	p.body(f.Body, "end")
}

func (p *printer) exprs(es []Expr) {
	for i, e := range es {
		if i > 0 {
			p.s(", ")
		}
		p.expr(e)
	}
}

// prefix prints e where the grammar wants a prefix expression (before an
// index or call suffix), parenthesising anything else.
func (p *printer) prefix(e Expr) {
	switch e.(type) {
	case *NameExpr, *IndexExpr, *CallExpr, *MethodCallExpr, *ParenExpr,
		*BinaryExpr, *UnaryExpr: // the last two print their own parentheses
		p.expr(e)
	default:
		p.s("(")
		p.expr(e)
		p.s(")")
	}
}

func (p *printer) expr(e Expr) {
	switch x := e.(type) {
	case *NilExpr:
		p.s("nil")
	case *TrueExpr:
		p.s("true")
	case *FalseExpr:
		p.s("false")
	case *VarargExpr:
		p.s("...")
	case *NumberExpr:
		p.s(numberText(x))
	case *StringExpr:
		p.s(QuoteString(x.Value))
	case *NameExpr:
		p.s(x.Name)
	case *IndexExpr:
		p.prefix(x.Obj)
		if k, ok := x.Key.(*StringExpr); ok && IsName(k.Value) {
			p.s("." + k.Value)
		} else {
			p.s("[")
			p.expr(x.Key)
			p.s("]")
		}
	case *CallExpr:
		p.prefix(x.Fn)
		p.s("(")
		p.exprs(x.Args)
		p.s(")")
	case *MethodCallExpr:
		p.prefix(x.Obj)
		p.s(":" + x.Name + "(")
		p.exprs(x.Args)
		p.s(")")
	case *FunctionExpr:
		p.s("function")
		p.funcBody(x, false)
	case *BinaryExpr:
		p.s("(")
		p.expr(x.L)
		p.s(" " + x.Op.String() + " ")
		p.expr(x.R)
		p.s(")")
	case *UnaryExpr:
		p.s("(" + x.Op.String())
		if x.Op == OpNot {
			p.s(" ")
		}
		p.expr(x.X)
		p.s(")")
	case *ParenExpr:
		// A parenthesised operation already prints its parentheses, and
		// means the same as the bare operation (one value, not
		// assignable).
		switch x.X.(type) {
		case *BinaryExpr, *UnaryExpr:
			p.expr(x.X)
		default:
			p.s("(")
			p.expr(x.X)
			p.s(")")
		}
	case *TableExpr:
		p.s("{")
		for i, f := range x.Fields {
			if i > 0 {
				p.s(", ")
			}
			switch k := f.Key.(type) {
			case nil:
			case *StringExpr:
				if IsName(k.Value) {
					p.s(k.Value + " = ")
					break
				}
				p.s("[")
				p.expr(k)
				p.s("] = ")
			default:
				p.s("[")
				p.expr(k)
				p.s("] = ")
			}
			p.expr(f.Value)
		}
		p.s("}")
	default:
		p.s("--[[?expr]]")
	}
}

// numberText spells a numeral so that it reads back as the same value and
// type: floats always carry a '.' or an exponent, and integers that no
// decimal numeral gives (negative ones come only from wrapping hex
// numerals) are written in hex.
func numberText(n *NumberExpr) string {
	if !n.IsFloat {
		if n.Int < 0 {
			return "0x" + strconv.FormatUint(uint64(n.Int), 16)
		}
		return strconv.FormatInt(n.Int, 10)
	}
	f := n.Float
	switch {
	case math.IsInf(f, 1):
		return "1e9999"
	case math.IsInf(f, -1):
		return "(-1e9999)"
	case f != f:
		return "(0/0)"
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if strings.ContainsAny(s, ".e") {
		return s
	}
	return s + ".0"
}

// QuoteString returns a double-quoted Lua literal for s: printable ASCII
// stays as is, and everything else uses a three-digit decimal escape, which
// can never run into a following digit.
func QuoteString(s string) string {
	var sb strings.Builder
	sb.Grow(len(s) + 2)
	sb.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c == '\n':
			sb.WriteString(`\n`)
		case c >= 0x20 && c < 0x7f:
			sb.WriteByte(c)
		default:
			sb.WriteByte('\\')
			sb.WriteByte('0' + c/100)
			sb.WriteByte('0' + c/10%10)
			sb.WriteByte('0' + c%10)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// IsName reports whether s is a Lua identifier and not a reserved word.
func IsName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	switch s {
	case "and", "break", "do", "else", "elseif", "end", "false", "for",
		"function", "goto", "if", "in", "local", "nil", "not", "or",
		"repeat", "return", "then", "true", "until", "while":
		return false
	}
	return true
}
