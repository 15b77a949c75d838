package luacli

import (
	"os"
	"os/signal"
	"sync"
)

// interruptible runs f, which runs Lua code, with Ctrl-C bound to it as
// lua.c's docall binds it (laction): a first SIGINT interrupts the code
// with the error "interrupted!", placed where the reference places it,
// and gives SIGINT back its default action, so that a second one ends the
// process (exit status 130 as a shell shows it). The interruption is
// cleared afterwards: the REPL goes on with the next line.
func (r *runner) interruptible(f func()) {
	if !r.o.Signals {
		f()
		return
	}
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		select {
		case <-ch:
			signal.Reset(os.Interrupt)
			r.L.InterruptMessage("interrupted!")
		case <-done:
		}
	}()
	defer func() {
		close(done)
		wg.Wait()
		signal.Stop(ch)
		r.L.ClearInterrupt()
	}()
	f()
}
