// Package agent is panto's agent: sessions, the turn loop, owned agents
// and jobs, compaction, and the native Lua API over them (panto.agent,
// panto.conversation, the stores, panto.ext.agent).
//
// # Who owns what
//
// A Session owns a host (host.Host: the extensions' Lua state and its
// event loop), the session agent (its conversation, its store writer,
// its model) and the owned agents extensions create. The Lua state
// belongs to one goroutine, the owner: the one that calls Session's
// methods and turns the loop (Session.Run, or luv's own entrypoints).
//
// Every turn runs on a goroutine of its own. The turn loop is straight
// code — open the model, read its stream, dispatch the tool calls, send
// the results, again — and everything in it that touches Lua (an event
// handler, a tool handler, an extension protocol's callbacks, a
// component) is handed to the owner (owner.do) and waited for. The
// owner, meanwhile, keeps turning the loop, so timers, luv callbacks and
// the coroutines of tool handlers make progress while a model streams,
// and a UI can repaint. A built-in protocol's HTTP stream is read on the
// turn goroutine and never waits for the owner; a job's turn is the same
// loop with no Lua events at all (jobs never touch the Lua state: the
// owner runs its dispatched tools for it).
//
// The owner must be turning the loop whenever a turn runs: Session.Prompt
// does it while its turn runs, the terminal UI and --mode rpc do it all
// the time, and Lua code waiting on an owned agent's stream awaits
// (yields to the loop) instead of blocking it.
//
// # Persistence
//
// Each message is appended to the session's store as it completes — the
// user message before the model is asked, the assistant message before
// its tools run, each tool result in call order — and the store is
// synced at the end of every turn, so a kill loses at most the message
// being streamed.
package agent
