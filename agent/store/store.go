// Package store keeps sessions: the file system JSON Lines store (one
// file per session, in pi's v3 session format), the null store (keeps
// nothing) and the Store interface both satisfy, which the session, the
// panto.file_system_jsonl_store and panto.null_store Lua objects and
// `--continue`/`--session` use.
//
// Durability: every entry is one append of one line, and the session
// calls Writer.Sync at the end of each turn, so a process killed at any
// moment leaves a file that loads with every entry written before the
// kill; a torn last line is reported (Session.Problems) and skipped, and
// its bytes stay in the file. A writer holds an advisory lock on its
// file, so two processes never write one session at once.
//
// Listing never parses whole files: ids and creation times come from the
// file names, modification times from one stat each, and the rest from
// a panto_summary entry written at the end of each turn, found by reading
// the file backwards from its end. docs/sessions.md describes the format.
package store

import (
	"panto/agent/conv"
)

// Store is what every session store offers.
type Store interface {
	// List returns every session, newest first.
	List() ([]Info, error)
	// ListBounded returns at most limit sessions, newest first.
	ListBounded(limit int) ([]Info, error)
	// Resolve turns an id or a unique prefix into the full id.
	Resolve(id string) (string, error)
	// Latest returns the most recently modified session, or nil.
	Latest() (*Info, error)
	// Load parses a whole session.
	Load(id string) (*Session, error)
	// LoadMessages returns messages of the current branch, bounded.
	LoadMessages(id string, o LoadOptions) ([]conv.Message, error)
	// Create starts a new session for the project at cwd.
	Create(cwd, parent string) (*Writer, error)
	// Open loads a session and opens it for appending.
	Open(id string) (*Writer, *Session, error)
}

var (
	_ Store = (*FileStore)(nil)
	_ Store = NullStore{}
)
