package childproc

// envHelper names the environment variable that turns a start of the
// panto binary into the helper; its value is the spec, as JSON.
const envHelper = "PANTO_CHILDPROC_HELPER"

// envLifeline names the environment variable that turns a start of the
// panto binary into the lifeline helper; its value is the spec, as JSON.
const envLifeline = "PANTO_CHILDPROC_LIFELINE"

// spec is what the helper is told to do.
type spec struct {
	// Path and Argv are the command, its path resolved by the caller.
	Path string   `json:"path"`
	Argv []string `json:"argv"`
	// Parent is panto's pid: when the helper's parent is another
	// process, panto is gone.
	Parent int `json:"parent"`
	// Files is how many descriptors the command gets (0 .. Files-1, as
	// the helper got them); Status is the helper's report pipe.
	Files  int `json:"files"`
	Status int `json:"status"`
	// Lifeline is the lifeline helper's read end of panto's lifeline
	// pipe (lifeline_unix.go); Detached gives its command a session.
	Lifeline int  `json:"lifeline,omitempty"`
	Detached bool `json:"detached,omitempty"`
	// Sandbox restricts the command (nil: not at all).
	Sandbox *Sandbox `json:"sandbox,omitempty"`
}

// withoutEnv returns env without the entries for name.
func withoutEnv(env []string, name string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if len(kv) > len(name) && kv[len(name)] == '=' && kv[:len(name)] == name {
			continue
		}
		out = append(out, kv)
	}
	return out
}
