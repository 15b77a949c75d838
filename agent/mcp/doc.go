// Package mcp is panto's Model Context Protocol client: it starts the
// servers of the [mcp.servers.NAME] tables (and a trusted project's
// .mcp.json), and offers what they serve to the session as native host
// tools and commands (host.Natives):
//
//   - each server tool as a tool named mcp__NAME__TOOL, with the server's
//     input schema, validated and judged by the permission rules like any
//     other tool;
//   - each server prompt as a slash command /mcp__NAME__PROMPT;
//   - the servers' resources through two tools, list_mcp_resources and
//     read_mcp_resource;
//   - /mcp, which shows every server's state.
//
// # Ownership
//
// A Manager owns its servers. Start returns at once: each server connects
// on a goroutine of its own (start a child process or reach a URL, the
// protocol's initialize handshake, the first listing), bounded by the
// server's startup timeout, so a session opens as fast with servers as
// without. What the session sees is a snapshot (an atomic pointer to
// immutable lists) that a server replaces when it connects, fails, dies
// or changes its lists; the host reads it at every lookup without a
// lock. A change of a server's state is reported once, through
// Options.OnChange, on the server's goroutine.
//
// Calls run on the goroutine the host gives a native tool, with the
// call's context (a cancelled turn cancels the request, which the SDK
// turns into notifications/cancelled) and the server's call timeout.
// Close stops every server: it closes each session (a child process gets
// its stdin closed, then a signal) and cancels what is still starting.
package mcp
