package agent

import (
	"path/filepath"
	"strings"
	"time"

	"panto/agent/conv"
	"panto/agent/export"
	"panto/agent/store"
)

// Export writes the session to a file (/export [file], RPC export): an
// HTML page, or markdown when the name ends in .md. Without a name it
// writes export.DefaultName in the project folder; a relative name is
// taken from the project folder, and "~/" from the home folder. It
// returns the path written.
//
// The page shows the current branch from its start, the messages a
// compaction summarised included, read back from the session file; a
// session without a store shows what it still holds.
func (s *Session) Export(path string) (string, error) {
	path = s.exportPath(path)
	doc := &export.Session{ID: s.ID(), Directory: s.cwd, Exported: time.Now(), Costs: s.agent.Costs()}
	if in := s.host.Session(); in != nil {
		doc.Model = in.Model
	}
	doc.Messages, doc.Omitted = s.exportMessages()
	if err := export.WriteFile(path, doc); err != nil {
		return "", err
	}
	return path, nil
}

// exportPath resolves an export's file name.
func (s *Session) exportPath(path string) string {
	switch {
	case path == "":
		path = export.DefaultName(s.ID())
	case path == "~" || strings.HasPrefix(path, "~/"):
		if home := s.setup.Home; home != "" {
			path = filepath.Join(home, path[1:])
		}
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(s.cwd, path)
	}
	return filepath.Clean(path)
}

// exportMessages is the current branch as stored, else (no store, or
// nothing written yet) the conversation held in memory and how many
// earlier messages it no longer holds.
func (s *Session) exportMessages() ([]conv.Message, int) {
	if _, null := s.store.(store.NullStore); !null && s.ID() != "" {
		// The file's leaf is the current one: /tree records its moves.
		if sess, err := s.store.Load(s.ID()); err == nil {
			return sess.Branch("").Messages, 0
		}
	}
	c := s.agent.Conversation()
	return c.Messages, c.Offloaded
}
