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
		return nil, err
	}
	return codegen.CompileWork(chunk, src, work)
}
