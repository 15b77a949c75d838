// Package runtime is the Lua 5.4 virtual machine: values, tables, strings,
// the interpreter loop, calls, errors, coroutines, the Lua-visible garbage
// collector, the debug interface, and the Go API that libraries and hosts
// program against. The base, coroutine and debug libraries live here
// because they reach into the engine; the other standard libraries are in
// runtime/stdlib, written against the public API only.
//
// The files, from the bottom of the engine to the top, with the part of
// the reference implementation (PUC-Rio Lua 5.4) each one corresponds to:
//
//   - value.go: Value, three words with the number unboxed, and the type
//     tags (lobject.h's TValue; lapi.c's lua_topointer).
//   - number.go: string-to-number and float-to-integer conversions, integer
//     and float arithmetic, mixed comparisons (lobject.c's luaO_arith and
//     luaO_str2num, lvm.c's luaV_tointegerns and LTnum/LEnum).
//   - str.go, str_intern.go: string hashing and the interning of names
//     (lstring.c).
//   - table.go, table_alloc.go: the array and hash parts, the length
//     border, traversal; allocation with inline storage for small
//     constructors (ltable.c).
//   - userdata.go: full userdata and their user values (lobject.h's Udata,
//     lapi.c's lua_newuserdatauv).
//   - state.go: State (a thread), the global state shared by threads, Go
//     functions, closures, upvalues, call frames and the stack (lstate.c,
//     lfunc.c).
//   - meta.go: metamethod events and lookup, the slow paths of indexing,
//     arithmetic, comparison, length and concatenation (ltm.c, and lvm.c's
//     luaV_finishget, luaV_finishset, luaV_concat, luaV_equalobj).
//   - meta_frame.go: Lua metamethods needed by an instruction of the
//     dispatch loop, run as frames of the loop and completed on return
//     (what lvm.c does with a C-level call and luaV_finishOp).
//   - errors.go: raising errors, the panic payload they unwind with, and
//     the messages that name variables ("attempt to index a nil value
//     (global 'x')") (ldo.c's luaD_throw, ldebug.c's luaG_typeerror and
//     varinfo).
//   - call.go: entering and leaving functions, Lua and Go (ldo.c's
//     luaD_precall, luaD_poscall, luaD_pretailcall).
//   - protect.go: protected calls and to-be-closed variables (ldo.c's
//     luaD_pcall, lfunc.c's luaF_newtbcupval and luaF_close).
//   - coroutine.go: resume, yield, and finishing interrupted instructions
//     and Go functions after a yield (ldo.c's lua_resume, unroll,
//     finishCcall; lvm.c's luaV_finishOp).
//   - vm.go: the dispatch loop with the integer and float fast paths
//     inline (lvm.c's luaV_execute).
//   - vm_slow.go: every instruction the loop hands off once its fast path
//     fails: metamethods, coercions, errors (the rest of lvm.c).
//   - native.go: native prototypes, the Go code compiler/gogen generates
//     from a prototype's bytecode (no counterpart in the reference; LuaAOT
//     is the closest). See "Native prototypes" below.
//   - hooks.go: call, return, line and count hooks (ldo.c's luaD_hook,
//     ldebug.c's luaG_traceexec).
//   - interrupt.go: stopping running code by context, deadline, budget or
//     an asynchronous request. The reference has no counterpart; its
//     closest is a count hook that raises an error.
//   - debug.go: current lines, function and variable names for messages,
//     DebugInfo and tracebacks (ldebug.c, and lauxlib.c's luaL_traceback).
//   - gc.go, gc_auto.go: what Lua can observe of collection: weak tables,
//     finalizers, collectgarbage, and automatic cycles paced by Go's own
//     collector (lgc.c).
//   - load.go: compiling or undumping a chunk into a closure, loadfile
//     (ldo.c's f_parser, lauxlib.c's luaL_loadfilex).
//   - dump.go: string.dump (ldump.c; undumping is bytecode.Decode).
//   - api.go: the Go API over the stack, argument checks with the
//     reference's messages, calls and protected calls from Go (lapi.c,
//     lauxlib.c).
//   - lib_base.go, lib_coroutine.go, lib_debug.go: the base, coroutine and
//     debug libraries (lbaselib.c, lcorolib.c, ldblib.c).
//
// # Native prototypes
//
// A prototype may carry a Go implementation (a NativeFunc), generated from
// its verified bytecode and registered with RegisterNative under the
// chunk's bytecode.Digest; Load attaches it to a chunk whose bytecode has
// that digest, so native code never runs for bytecode it was not made
// from (an edited source simply runs interpreted). The contract:
//
//   - Same frame. A native function runs the frame the interpreter would
//     run (registers on the Lua stack above ci.fn, the vararg layout, the
//     saved pc) and keeps no state of its own between instructions, so
//     the interpreter can take over a native frame at any instruction and
//     a native function can start at any pc: its entry is a switch on the
//     saved pc to the instruction's label.
//   - Same slow paths. What it does not do inline it hands to
//     Frame.Slow, the interpreter's own execSlow, so metamethods, errors
//     and their file:line (the saved pc is exactly the interpreter's),
//     coercions, closures, varargs and to-be-closed variables behave as
//     interpreted. Inline code is limited to cases that cannot raise.
//   - Calls through execute. A call of a Lua function (native or not)
//     pushes the callee and returns slowFrame; execute runs it, and its
//     return enters the caller's native function again at the saved pc.
//     Lua-to-Lua calls thus never nest Go frames, a yield returns
//     slowYield like the interpreter's slow path (resume unrolls and
//     re-enters at the saved pc, after finishOp completed the interrupted
//     instruction), and error unwinding and tracebacks see plain frames.
//     The same holds for a Lua metamethod that an instruction run by
//     Frame.Slow needs: it is pushed as a frame and Slow returns
//     slowFrame; when it returns, execute completes the instruction
//     (finishMetaFrame) and enters the native function again at the
//     saved pc, past that instruction.
//   - Interruption as often as interpreted: a tick at each call and each
//     backward jump, checked with the interpreter's jump check.
//   - Hooks: while a hook is set, frames are interpreted. execute does not
//     enter native code then, and a native function returns
//     nativeHandBack after any slow path or check that set one; the
//     interpreter goes on at the saved pc.
//
// File names follow one rule: a file is named after the part of the engine
// it implements, never after the code that calls it; a part that needs
// more than one file gives each the same prefix and a suffix for its own
// concern (table_alloc.go, vm_slow.go, gc_auto.go); the libraries Lua
// programs see are lib_<library>.go. Tests are named after the file they
// test, with a suffix when a file has several (vm_forloop_test.go,
// dump_fuzz_test.go); alloc_test.go, bench_test.go and example_test.go
// cover the engine as a whole.
package runtime
