package parser

import "panto/compiler/ast"

// slab hands out nodes of one type from arrays it allocates in growing
// batches. A tree has thousands of small nodes that all live and die
// together, so allocating them one by one costs far more (in malloc and
// in GC marking) than carving them out of a few arrays.
// maxBatch bounds the nodes of one type allocated at once.
const maxBatch = 256

type slab[T any] struct {
	buf  []T
	next int // size of the next batch
}

func (s *slab[T]) alloc() *T {
	if len(s.buf) == 0 {
		if s.next < 8 {
			s.next = 8
		}
		s.buf = make([]T, s.next)
		if s.next < maxBatch {
			s.next *= 2
		}
	}
	p := &s.buf[0]
	s.buf = s.buf[1:]
	return p
}

// listArena carves exact-length slices out of shared backing arrays. The
// slices are capped at their length, so appending to one (say, in the code
// generator) reallocates instead of overwriting its neighbour.
type listArena[T any] struct {
	buf  []T
	next int
}

func (a *listArena[T]) make(n int) []T {
	if n > 64 {
		return make([]T, n)
	}
	if len(a.buf) < n {
		if a.next < 32 {
			a.next = 32
		}
		a.buf = make([]T, max(a.next, n))
		if a.next < 2048 {
			a.next *= 2
		}
	}
	s := a.buf[:n:n]
	a.buf = a.buf[n:]
	return s
}

// nodes holds the slabs of one parse.
type nodes struct {
	names   slab[ast.NameExpr]
	strs    slab[ast.StringExpr]
	nums    slab[ast.NumberExpr]
	index   slab[ast.IndexExpr]
	calls   slab[ast.CallExpr]
	methods slab[ast.MethodCallExpr]
	binary  slab[ast.BinaryExpr]
	unary   slab[ast.UnaryExpr]
	parens  slab[ast.ParenExpr]
	tables  slab[ast.TableExpr]
	fields  slab[ast.TableField]
	funcs   slab[ast.FunctionExpr]
	params  slab[ast.Param]
	blocks  slab[ast.Block]
	nils    slab[ast.NilExpr]
	trues   slab[ast.TrueExpr]
	falses  slab[ast.FalseExpr]
	varargs slab[ast.VarargExpr]

	locals  slab[ast.LocalStmt]
	lnames  slab[ast.LocalName]
	assigns slab[ast.AssignStmt]
	callSt  slab[ast.CallStmt]
	ifs     slab[ast.IfStmt]
	clauses slab[ast.IfClause]
	rets    slab[ast.ReturnStmt]

	exprLists  listArena[ast.Expr]
	stmtLists  listArena[ast.Stmt]
	fieldLists listArena[*ast.TableField]
	paramLists listArena[*ast.Param]
	nameLists  listArena[*ast.LocalName]
}
