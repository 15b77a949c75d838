package luv

import "panto/internal/childproc"

// SetSandbox sets the policy that uv.spawn applies to a child started
// with the sandbox option (panto's addition to luv; the standard shell
// tool sets it). nil, or a policy whose mode is off, runs such children
// unrestricted.
func (lp *Loop) SetSandbox(s *childproc.Sandbox) { lp.sandbox = s }

// Sandbox is the policy SetSandbox set (nil: none).
func (lp *Loop) Sandbox() *childproc.Sandbox { return lp.sandbox }
