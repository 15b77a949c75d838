package parser

import (
	"panto/compiler/ast"
	"panto/compiler/lexer"
)

// Recover parses a chunk that Parse rejected, up to the error Parse
// reported, and returns the tree of what precedes it: each construct the
// error cut short is closed with what was read of it, a missing
// expression is a nil literal, and every position after the error is
// past the end of the source. stop is the offset of the token the
// reference stands on when it reports the error.
//
// The reference checks goto, labels, assignments to <const> variables and
// its limits while it parses, so when one of those fails before the
// syntax error, that is the error it reports. panto's parser builds the
// whole tree first and leaves those checks to the code generator; the
// compiler runs the generator on this tree and reports its error instead
// of the syntax error when the reference would have reached it first: at
// an offset no greater than stop. ok is false when src parses without
// error.
func Recover(name, src string, cCalls int) (chunk *ast.Chunk, stop ast.Pos, ok bool) {
	if len(src) >= MaxSource-1 {
		return nil, 0, false
	}
	p := parserPool.Get().(*parser)
	p.name, p.src, p.limit = name, src, maxCCalls-cCalls
	if p.limit < 1 {
		p.limit = 1
	}
	p.recovering = true
	defer p.release()
	p.lx.Init(name, src)
	p.t = &p.lx.Tok
	p.next()
	p.vararg = true
	b := p.block()
	p.check(lexer.EOF)
	if !p.stopped {
		return nil, 0, false
	}
	// The main function is closed after the end of input is checked.
	chunk = &ast.Chunk{File: p.lx.File(), Block: b, Last: ast.Pos(max(p.lastEnd-1, 0)), Close: p.beyond()}
	return chunk, ast.Pos(p.stopAt), true
}

// stop records the first error of a recovering parse, made when the
// reference stands on the token at offset at, and turns the current token
// into an end of input past the source, which every construct accepts as
// its end.
func (p *parser) stop(at int) {
	if !p.stopped {
		p.stopped = true
		p.stopAt = at
	}
	end := int(p.beyond())
	p.lx.Tok = lexer.Token{Kind: lexer.EOF, Pos: end, End: end}
}

// beyond is the position given to what a recovering parse adds after its
// error: past the end of the source, so after any position the reference
// reaches.
func (p *parser) beyond() ast.Pos { return ast.Pos(len(p.src) + 1) }

// dummy is the expression a recovering parse puts where one is missing.
func (p *parser) dummy() ast.Expr {
	x := p.n.nils.alloc()
	x.Pos = p.beyond()
	return x
}

// placeholder stands for a statement starting at pos that a recovering
// parse cut short, of which the expressions exprs were read: a return of
// them, so that the code generator still resolves their names (the
// reference did, before the error), and which, like any statement, makes
// a label before it not the last of its block.
func (p *parser) placeholder(pos ast.Pos, exprs []ast.Expr) {
	r := p.n.rets.alloc()
	r.Pos, r.Exprs = pos, exprs
	p.push(r)
}
