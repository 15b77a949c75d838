package luacli

import (
	"bufio"
	"fmt"
	"strings"

	"panto/runtime"
)

// repl reads lines from stdin and runs them, like the reference's
// interactive mode: a line is first tried as "return <line>" so
// expressions print their values, and incomplete statements continue on
// the next line.
func (r *runner) repl() {
	in := bufio.NewScanner(r.o.Stdin)
	L := r.L
	prompt := func(p string) {
		fmt.Fprint(r.stdout, p)
		r.stdout.Flush()
	}
	for {
		prompt("> ")
		if !in.Scan() {
			fmt.Fprintln(r.stdout)
			return
		}
		line := in.Text()
		if strings.HasPrefix(line, "=") {
			line = "return " + line[1:]
		}
		fn, err := L.Load("return "+line, "=stdin", "t")
		if err != nil {
			src := line
			for {
				fn, err = L.Load(src, "=stdin", "t")
				if err == nil || !strings.HasSuffix(err.Error(), "<eof>") {
					break
				}
				prompt(">> ")
				if !in.Scan() {
					break
				}
				src += "\n" + in.Text()
			}
		}
		if err != nil {
			r.message(err.Error())
			continue
		}
		var res []runtime.Value
		r.interruptible(func() { res, err = L.PCall(fn) })
		if err != nil {
			r.message(err.Error())
			continue
		}
		if len(res) > 0 {
			if _, err := L.PCall(L.GetGlobal("print"), res...); err != nil {
				r.message("error calling 'print' (" + err.Error() + ")")
			}
		}
	}
}

var _ = runtime.Nil
