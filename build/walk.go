package build

import "panto/compiler/ast"

// walk calls visit for every statement and expression below n, parents
// before children. The parser bounds nesting (200 levels), so the
// recursion is bounded too.
func walk(n ast.Node, visit func(ast.Node)) {
	if n == nil {
		return
	}
	visit(n)
	switch n := n.(type) {
	case *ast.Block:
		for _, s := range n.Stmts {
			walk(s, visit)
		}
	// Statements.
	case *ast.LocalStmt:
		exprs(n.Exprs, visit)
	case *ast.AssignStmt:
		exprs(n.Targets, visit)
		exprs(n.Exprs, visit)
	case *ast.CallStmt:
		walk(n.Call, visit)
	case *ast.DoStmt:
		walk(n.Body, visit)
	case *ast.WhileStmt:
		walk(n.Cond, visit)
		walk(n.Body, visit)
	case *ast.RepeatStmt:
		walk(n.Body, visit)
		walk(n.Cond, visit)
	case *ast.IfStmt:
		for _, c := range n.Clauses {
			walk(c.Cond, visit)
			walk(c.Body, visit)
		}
		if n.Else != nil {
			walk(n.Else, visit)
		}
	case *ast.NumericForStmt:
		walk(n.Init, visit)
		walk(n.Limit, visit)
		if n.Step != nil {
			walk(n.Step, visit)
		}
		walk(n.Body, visit)
	case *ast.GenericForStmt:
		exprs(n.Exprs, visit)
		walk(n.Body, visit)
	case *ast.FunctionStmt:
		walk(n.Target, visit)
		walk(n.Func, visit)
	case *ast.LocalFunctionStmt:
		walk(n.Func, visit)
	case *ast.ReturnStmt:
		exprs(n.Exprs, visit)
	// Expressions.
	case *ast.IndexExpr:
		walk(n.Obj, visit)
		walk(n.Key, visit)
	case *ast.CallExpr:
		walk(n.Fn, visit)
		exprs(n.Args, visit)
	case *ast.MethodCallExpr:
		walk(n.Obj, visit)
		exprs(n.Args, visit)
	case *ast.FunctionExpr:
		walk(n.Body, visit)
	case *ast.BinaryExpr:
		walk(n.L, visit)
		walk(n.R, visit)
	case *ast.UnaryExpr:
		walk(n.X, visit)
	case *ast.ParenExpr:
		walk(n.X, visit)
	case *ast.TableExpr:
		for _, f := range n.Fields {
			if f.Key != nil {
				walk(f.Key, visit)
			}
			walk(f.Value, visit)
		}
	}
}

func exprs(list []ast.Expr, visit func(ast.Node)) {
	for _, e := range list {
		walk(e, visit)
	}
}
