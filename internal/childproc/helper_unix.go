//go:build unix

package childproc

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
)

// becomeHelper turns cmd into a start of the helper binary exe, told sp
// in the environment variable name (envHelper or envLifeline); extra are
// the descriptors the helper gets after cmd's own (its pipes).
func becomeHelper(cmd *exec.Cmd, exe, name string, sp *spec, extra ...*os.File) error {
	js, err := json.Marshal(sp)
	if err != nil {
		return err
	}
	env := cmd.Env
	if env == nil {
		env = os.Environ()
	}
	cmd.Env = append(withoutEnv(withoutEnv(env, envLifeline), envHelper), name+"="+string(js))
	cmd.Path = exe
	cmd.Args = []string{"panto-child", filepath.Base(sp.Path)}
	cmd.ExtraFiles = append(cmd.ExtraFiles, extra...)
	return nil
}
