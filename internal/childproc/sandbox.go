package childproc

// Sandbox modes, as [sandbox] mode spells them.
const (
	ModeWorkspaceWrite = "workspace-write"
	ModeReadOnly       = "read-only"
	ModeOff            = "off"
)

// Sandbox is the policy a sandboxed command runs under: it may read and
// run everything, write only beneath Writable (workspace-write; nothing
// at all in read-only, beyond /dev/null and the terminal), and, with
// NoNetwork, neither connect to nor listen on a TCP port.
type Sandbox struct {
	Mode string `json:"mode"`
	// Writable are the folders (or files) a workspace-write command may
	// change: the project root, the temp folder and what the user adds.
	Writable  []string `json:"writable,omitempty"`
	NoNetwork bool     `json:"no_network,omitempty"`
}

// active reports whether s restricts anything.
func (s *Sandbox) active() bool {
	return s != nil && (s.Mode == ModeWorkspaceWrite || s.Mode == ModeReadOnly)
}

// writable is what the command may write: Writable in workspace-write
// mode, nothing otherwise; the devices every program expects to write
// are added by the platform's apply.
func (s *Sandbox) writable() []string {
	if s.Mode == ModeWorkspaceWrite {
		return s.Writable
	}
	return nil
}
