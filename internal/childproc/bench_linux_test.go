package childproc

import (
	"os/exec"
	"testing"
)

// BenchmarkStart measures one /bin/true from start to exit, directly
// (parent-death signal only), through the helper, and through the
// helper with the sandbox applied: the helper's cost per command.
func BenchmarkStart(b *testing.B) {
	for _, c := range []struct {
		name   string
		helper bool
		sb     *Sandbox
	}{
		{"direct", false, nil},
		{"helper", true, nil},
		{"helper+sandbox", true, &Sandbox{Mode: ModeWorkspaceWrite, Writable: []string{b.TempDir()}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			if c.sb != nil {
				if ok, why := availableKernel(); !ok {
					b.Skip(why)
				}
			}
			saved := helperPath
			if !c.helper {
				helperPath = ""
			}
			defer func() { helperPath = saved }()
			for b.Loop() {
				cmd := exec.Command("/bin/true")
				l, err := Prepare(cmd, Options{Sandbox: c.sb})
				if err != nil {
					b.Fatal(err)
				}
				if err := cmd.Start(); err != nil {
					b.Fatal(err)
				}
				if err := l.Started(cmd); err != nil {
					b.Fatal(err)
				}
				l.Wait(cmd)
			}
		})
	}
}
