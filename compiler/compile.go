// Package compiler turns Lua 5.4 source into bytecode prototypes: the
// parser builds a syntax tree (compiler/parser), the code generator walks
// it (compiler/codegen).
package compiler

import (
	"panto/bytecode"
	"panto/compiler/codegen"
	"panto/compiler/parser"
)

// Compile compiles one chunk. name is the chunk name as load takes it
// ("@file.lua", "=stdin" or the source itself). The error is a
// *diag.Diagnostic with the position of the problem; its LuaMessage(name)
// is the reference's message, as load reports it.
func Compile(name, src string) (*bytecode.Proto, error) {
	return CompileDepth(name, src, parser.DefaultCCalls)
}

// CompileDepth is Compile for a caller already nested cCalls levels deep
// (load called from nested Lua code), so the parser's nesting limit matches
// the reference's.
func CompileDepth(name, src string, cCalls int) (*bytecode.Proto, error) {
	return CompileWork(name, src, cCalls, nil)
}

// CompileWork is CompileDepth reporting the code generator's superlinear
// work to work (codegen.CompileWork), which may panic to abort; load
// passes the state's Tick, so budgets and deadlines stop a compilation
// too.
func CompileWork(name, src string, cCalls int, work func(steps int)) (*bytecode.Proto, error) {
	chunk, err := parser.ParseDepth(name, src, cCalls)
	if err != nil {
		return nil, FirstError(name, src, cCalls, err, work)
	}
	return codegen.CompileWork(chunk, src, work)
}

// FirstError returns the error the reference reports for src, which the
// parser rejected with err (from parser.ParseDepth with the same cCalls).
// The reference makes the code generator's checks (goto and labels,
// assignments to <const> variables, the limits on upvalues and registers)
// while it parses, so one of those that fails before the syntax error is
// what it reports; panto's parser builds the tree first, so FirstError
// runs the code generator on the tree of what precedes the syntax error
// (parser.Recover) and returns its error if the reference would have met
// it first, else err. A caller that parses and generates code in two
// steps, as Compile does, reports FirstError's result.
func FirstError(name, src string, cCalls int, err error, work func(steps int)) error {
	if tree, stop, ok := parser.Recover(name, src, cCalls); ok {
		if first, at := codegen.FirstError(tree, src, work); first != nil && at <= stop {
			return first
		}
	}
	return err
}
