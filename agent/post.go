package agent

import "panto/runtime/luv"

// What Post is given is kept here, not in a loop's own queue, because a
// switch (/new, /resume, /tree, /reload) closes the loop and a closed
// loop drops what was posted to it. Keys typed right after /new are
// posted while the command runs, to the loop it is about to close: they
// must still reach the session that follows. So the session holds the
// queue, each Post wakes the current loop to run it, and a new loop is
// woken as soon as it is recorded if anything is still waiting.

// Post runs f on the owner at a coming loop turn, after what was posted
// before it; safe from any goroutine. f survives a switch of the Lua
// state: it runs on the new state's loop when the old one closed first.
// After Close it does nothing.
func (s *Session) Post(f func()) {
	s.postMu.Lock()
	lp := s.loop()
	if lp == nil {
		s.postMu.Unlock()
		return
	}
	s.posted = append(s.posted, f)
	s.postMu.Unlock()
	lp.Post(s.runPosted)
}

// runPosted runs, on the owner, what was posted before it started (not
// what those funcs post in turn: that waits for the next turn, so a func
// that posts itself again cannot hold the loop). When a func replaced
// the loop, the rest waits for the new one's turns.
func (s *Session) runPosted() {
	lp := s.loop()
	s.postMu.Lock()
	n := len(s.posted)
	s.postMu.Unlock()
	for range n {
		s.postMu.Lock()
		if len(s.posted) == 0 {
			s.postMu.Unlock()
			return
		}
		f := s.posted[0]
		s.posted[0] = nil
		s.posted = s.posted[1:]
		s.postMu.Unlock()
		f()
		if cur := s.loop(); cur != lp {
			if cur != nil {
				cur.Post(s.runPosted)
			}
			return
		}
	}
}

// refreshLoop records the host's current loop; the owner calls it after
// every rebuild.
func (s *Session) refreshLoop() {
	if st := s.host.State(); st != nil {
		s.setLoop(st.Loop())
	} else {
		s.setLoop(nil)
	}
}

// setLoop records lp as the current loop and wakes it when something
// posted is still waiting (its wake-up went to the loop lp replaces).
// Under postMu, so a Post either sees lp or left its func for this
// check to find.
func (s *Session) setLoop(lp *luv.Loop) {
	s.postMu.Lock()
	s.curLoop.Store(lp)
	waiting := len(s.posted) > 0
	s.postMu.Unlock()
	if waiting && lp != nil {
		lp.Post(s.runPosted)
	}
}
