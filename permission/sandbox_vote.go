package permission

import "context"

// SandboxVoter is [sandbox] auto_allow: it allows a call that would ask
// when confined reports that the sandbox will confine it (the standard
// shell tool's command, on a system that can apply the sandbox), so the
// user is not asked for commands that can only change the project. It
// abstains otherwise, and as a vote it cannot loosen a binding verdict:
// deny and ask rules and plan mode still hold.
func SandboxVoter(confined func(ctx context.Context, c Call) bool) Voter {
	return VoterFunc(func(ctx context.Context, c Call, so Verdict) (Vote, bool) {
		if so.Decision != Ask || !confined(ctx, c) {
			return Vote{}, false
		}
		return Vote{Decision: Allow, By: "sandbox",
			Reason: "the sandbox confines the command ([sandbox] auto_allow)"}, true
	})
}
