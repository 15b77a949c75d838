package agent

import (
	"context"

	"panto/permission"
)

// addSandboxVoter gives the session's policy the sandbox's vote when the
// configuration asks for it ([sandbox] auto_allow = true): a standard
// shell command that the sandbox confines runs without asking.
func (s *Session) addSandboxVoter() {
	pol, cfg := s.opts.Permissions, s.host.Config()
	if pol == nil || cfg == nil || cfg.Sandbox.AutoAllow == nil || !*cfg.Sandbox.AutoAllow {
		return
	}
	pol.AddVoter(permission.SandboxVoter(s.sandboxConfines))
}

// sandboxConfines reports whether the call's tool runs its command in
// the sandbox (host.Sandboxed). It runs off the owner, as the decision
// does, and asks the owner.
func (s *Session) sandboxConfines(ctx context.Context, c permission.Call) bool {
	ok := false
	s.owner.do(ctx, func() {
		if s.host.State() != nil {
			ok = s.host.Sandboxed(s.host.Tool(c.Tool))
		}
	})
	return ok
}
