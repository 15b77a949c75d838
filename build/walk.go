package build

import "panto/compiler/ast"

// walk calls visit for every statement and expression below n, parents
// before children, in source order. It keeps its own stack instead of
// recursing: left-deep chains (a + b + c ..., a.b.c ..., f()() ...) are as
// deep as the file is long, since the parser builds them in a loop, and
// must not reach the Go stack's limit.
func walk(n ast.Node, visit func(ast.Node)) {
	stack := []ast.Node{n}
	var kids []ast.Node
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil {
			continue
		}
		visit(n)
		kids = children(n, kids[:0])
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
		}
	}
}

// children appends n's statements and expressions to kids, in source
// order.
func children(n ast.Node, kids []ast.Node) []ast.Node {
	switch n := n.(type) {
	case *ast.Block:
		for _, s := range n.Stmts {
			kids = append(kids, s)
		}
	// Statements.
	case *ast.LocalStmt:
		kids = exprs(kids, n.Exprs)
	case *ast.AssignStmt:
		kids = exprs(kids, n.Targets)
		kids = exprs(kids, n.Exprs)
	case *ast.CallStmt:
		kids = append(kids, n.Call)
	case *ast.DoStmt:
		kids = append(kids, n.Body)
	case *ast.WhileStmt:
		kids = append(kids, n.Cond, n.Body)
	case *ast.RepeatStmt:
		kids = append(kids, n.Body, n.Cond)
	case *ast.IfStmt:
		for _, c := range n.Clauses {
			kids = append(kids, c.Cond, c.Body)
		}
		if n.Else != nil {
			kids = append(kids, n.Else)
		}
	case *ast.NumericForStmt:
		kids = append(kids, n.Init, n.Limit)
		if n.Step != nil {
			kids = append(kids, n.Step)
		}
		kids = append(kids, n.Body)
	case *ast.GenericForStmt:
		kids = exprs(kids, n.Exprs)
		kids = append(kids, n.Body)
	case *ast.FunctionStmt:
		kids = append(kids, n.Target, n.Func)
	case *ast.LocalFunctionStmt:
		kids = append(kids, n.Func)
	case *ast.ReturnStmt:
		kids = exprs(kids, n.Exprs)
	// Expressions.
	case *ast.IndexExpr:
		kids = append(kids, n.Obj, n.Key)
	case *ast.CallExpr:
		kids = append(kids, n.Fn)
		kids = exprs(kids, n.Args)
	case *ast.MethodCallExpr:
		kids = append(kids, n.Obj)
		kids = exprs(kids, n.Args)
	case *ast.FunctionExpr:
		kids = append(kids, n.Body)
	case *ast.BinaryExpr:
		kids = append(kids, n.L, n.R)
	case *ast.UnaryExpr:
		kids = append(kids, n.X)
	case *ast.ParenExpr:
		kids = append(kids, n.X)
	case *ast.TableExpr:
		for _, f := range n.Fields {
			if f.Key != nil {
				kids = append(kids, f.Key)
			}
			kids = append(kids, f.Value)
		}
	}
	return kids
}

func exprs(kids []ast.Node, list []ast.Expr) []ast.Node {
	for _, e := range list {
		kids = append(kids, e)
	}
	return kids
}
