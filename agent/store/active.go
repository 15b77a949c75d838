package store

import "panto/agent/conv"

// ActiveBranch is Branch without what the latest compaction summary
// replaced: the branch's system messages, then the messages from the
// summary's first kept one on; Offloaded counts the others. A resume of
// a long session converts only what the model will see (the same as
// conv.Conversation.ForgetCompacted on the whole branch).
func (s *Session) ActiveBranch(leaf string) (c *conv.Conversation) {
	path := s.branchPath(leaf) // leaf first
	k := -1
	for i, e := range path {
		if e.Type == TypeCompaction {
			k = i
			break
		}
	}
	if k < 0 {
		return s.Branch(leaf)
	}
	defer func() {
		// A tail read does not see the skipped messages: the listing
		// summary written at the end of each turn counts them.
		if s.partial && s.Summary != nil {
			c.Offloaded = max(c.Offloaded, s.Summary.MessageCount-c.Len())
		}
	}()
	from := k // a summary that kept nothing: from itself
	if id := path[k].FirstKept; id != "" {
		for i := k + 1; i < len(path); i++ {
			if path[i].ID == id {
				from = i
				break
			}
		}
	}
	c = &conv.Conversation{}
	for i := len(path) - 1; i > from; i-- {
		if e := path[i]; e.Message != nil && e.Message.Role == conv.System {
			c.Append(s.toMessage(e))
		} else {
			c.Offloaded++
		}
	}
	c.Messages = append(make([]conv.Message, 0, len(c.Messages)+from+1+16), c.Messages...)
	for i := from; i >= 0; i-- {
		c.Append(s.toMessage(path[i]))
	}
	return c
}
