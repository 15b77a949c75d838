package host

import (
	"os"
	"path/filepath"
	"strings"
	"sync"

	"panto/extension/config"
	"panto/extension/discover"
	"panto/internal/childproc"
)

// noSandboxOnce says once per process that commands run unconfined
// because the system cannot confine them; the permission rules still
// ask for them.
var noSandboxOnce sync.Once

// processSandbox is the policy uv.spawn applies to a child started with
// the sandbox option (the shell tool's commands): [sandbox] from the
// configuration, with the project root and the temp folder writable in
// workspace-write mode. nil runs such children unconfined: the sandbox
// is off, or the system cannot apply it (said once).
func (h *Host) processSandbox() *childproc.Sandbox {
	var cfg config.Sandbox
	if h.cfg != nil {
		cfg = h.cfg.Sandbox
	}
	mode := cfg.EffectiveMode()
	if mode == config.SandboxOff || h.opts.Sandbox || !childproc.HelperInUse() {
		// Without the process helper (a program embedding the host that
		// did not install it, the tests of this tree) children are not
		// confined: that program chose so, and nobody is told.
		return nil
	}
	if ok, why := childproc.Available(); !ok {
		noSandboxOnce.Do(func() {
			h.report(problemAt(StageConfig, "", "sandbox",
				"shell commands run without a sandbox: "+why+"; the permission rules still apply to them"))
		})
		return nil
	}
	root := h.setup.ProjectRoot
	if root == "" {
		root, _ = os.Getwd()
	}
	sb := &childproc.Sandbox{Mode: mode, NoNetwork: cfg.Network != nil && !*cfg.Network}
	if mode == config.SandboxWorkspaceWrite {
		sb.Writable = append(sb.Writable, root, os.TempDir())
		for _, w := range cfg.Writable {
			sb.Writable = append(sb.Writable, h.anchorWritable(w, root))
		}
	}
	return sb
}

// anchorWritable expands ~ and makes a relative [sandbox] writable path
// absolute against the project root.
func (h *Host) anchorWritable(p, root string) string {
	switch {
	case p == "~" && h.setup.Home != "":
		return h.setup.Home
	case strings.HasPrefix(p, "~/") && h.setup.Home != "":
		return filepath.Join(h.setup.Home, p[2:])
	case filepath.IsAbs(p):
		return p
	}
	return filepath.Join(root, p)
}

// Sandboxed reports whether a call of tool runs confined: it is the
// standard shell tool of the base layer (an extension's tool of the same
// name sandboxes nothing) and the state's loop has a sandbox to apply.
// It must run on the owner.
func (h *Host) Sandboxed(tool *Tool) bool {
	if tool == nil || tool.Name != "shell" || tool.owner == nil || tool.owner.entry == nil || tool.owner.entry.Layer != discover.Base {
		return false
	}
	return h.vm != nil && h.vm.loop.Sandbox() != nil
}

// networkAllowed is the sandbox's network policy for the host's own
// requests (panto.web.fetch): [sandbox] network = false turns the
// network off for them as for shell commands, unless the sandbox is
// off altogether.
func (h *Host) networkAllowed() (bool, string) {
	cfg := h.cfg.Sandbox
	if cfg.Mode == config.SandboxOff || cfg.Network == nil || *cfg.Network {
		return true, ""
	}
	return false, "the network is off for this session ([sandbox] network = false)"
}
