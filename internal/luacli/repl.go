package luacli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"panto/runtime"
)

// LineReader is the line editor of an interactive REPL: the binary gives
// one when stdin and stdout are a terminal (line editing and history, as
// the reference's readline build has), and the REPL reads plain lines
// from Stdin without one.
type LineReader interface {
	// ReadLine shows prompt and returns the line typed, without its
	// newline: io.EOF when the input ends (Ctrl-D on an empty line),
	// ErrInterrupt when Ctrl-C dropped the line.
	ReadLine(prompt string) (string, error)
	// SaveLine records a chunk the REPL read whole, for the history.
	SaveLine(chunk string)
}

// ErrInterrupt is what LineReader.ReadLine returns for Ctrl-C at the
// prompt: the REPL drops the chunk being typed and prompts again.
var ErrInterrupt = errors.New("interrupted")

// scanLines reads plain lines from a reader (a pipe, a file).
type scanLines struct {
	in  *bufio.Scanner
	out func(string)
}

// ReadLine shows the prompt and, once a line is read, echoes it, as the
// reference's readline build (Debian's lua5.4) does when its input is not
// a terminal: the output of a piped session reads like the typed one.
func (s *scanLines) ReadLine(prompt string) (string, error) {
	s.out(prompt)
	if !s.in.Scan() {
		if err := s.in.Err(); err != nil {
			return "", err
		}
		return "", io.EOF
	}
	s.out(s.in.Text() + "\n")
	return s.in.Text(), nil
}

func (s *scanLines) SaveLine(string) {}

// repl reads lines and runs them, like the reference's interactive mode:
// a line is first tried as "return <line>" so expressions print their
// values, and incomplete statements continue on the next line. Ctrl-C
// while a chunk runs interrupts it ("interrupted!") and comes back here;
// at the prompt (with a line editor) it drops what was being typed.
func (r *runner) repl() {
	L := r.L
	r.inREPL = true
	defer func() { r.inREPL = false }()
	lines := r.o.Lines
	if lines == nil {
		lines = &scanLines{in: bufio.NewScanner(r.o.Stdin), out: func(p string) {
			fmt.Fprint(r.stdout, p)
			r.stdout.Flush()
		}}
	}
	// read returns the next line, or why there is none: ErrInterrupt
	// (drop the chunk, prompt again) or the end of input.
	read := func(prompt string) (string, error) {
		r.stdout.Flush()
		line, err := lines.ReadLine(prompt)
		if err != nil && !errors.Is(err, ErrInterrupt) {
			fmt.Fprintln(r.stdout)
			r.stdout.Flush()
		}
		return line, err
	}
	// The prompts are the globals _PROMPT and _PROMPT2 when set,
	// converted as tostring converts them, as lua.c's get_prompt does.
	prompt := func(name, def string) string {
		if v := L.GetGlobal(name); !v.IsNil() {
			return L.ToString(v)
		}
		return def
	}
	for {
		line, err := read(prompt("_PROMPT", "> "))
		if errors.Is(err, ErrInterrupt) {
			continue
		}
		if err != nil {
			return
		}
		if strings.HasPrefix(line, "=") {
			line = "return " + line[1:]
		}
		fn, err := L.Load("return "+line, "=stdin", "t")
		src := line
		if err != nil {
			var rerr error
			for {
				fn, err = L.Load(src, "=stdin", "t")
				if err == nil || !strings.HasSuffix(err.Error(), "<eof>") {
					break
				}
				var more string
				if more, rerr = read(prompt("_PROMPT2", ">> ")); rerr != nil {
					break
				}
				src += "\n" + more
			}
			if errors.Is(rerr, ErrInterrupt) {
				continue
			}
			// At the end of input the incomplete chunk's error is
			// reported, as the reference reports it, and the next
			// read ends the REPL.
		}
		lines.SaveLine(src)
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
