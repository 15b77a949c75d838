// Package app is panto's interactive session: the terminal UI over an
// agent session. It composes the engine pieces of tui/ — the line
// renderer that keeps the terminal's scrollback (tui/screen), the input
// decoder (tui/input), the prompt editor (tui/editor), markdown
// (tui/markdown) and the status rows (tui/status) — with the session of
// package agent.
//
// Everything runs on the session's owner goroutine: the app turns the
// session's loop (agent.Session.RunLoop), and every outside event — a
// key press read from the terminal, a resize, the spinner's tick — is
// posted to it. Session events (agent.Event) arrive there too, through
// Options.OnEvent, so the app never locks: it is one goroutine's state.
package app

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"panto/agent"
	"panto/host"
	"panto/permission"
	"panto/tui/editor"
	"panto/tui/input"
	"panto/tui/markdown"
	"panto/tui/screen"
	"panto/tui/status"
	"panto/tui/theme"
)

// Terminal is what the app needs of the terminal: the input, its size
// and raw mode. tui/term's Terminal is one; tests give a fake.
type Terminal interface {
	Size() (width, height int, err error)
	Suspend() error
	Resume() error
}

// Options configure an App.
type Options struct {
	// In is the terminal's input (raw mode is the caller's, through
	// Terminal); Out is where the screen paints.
	In  io.Reader
	Out io.Writer
	// Term is the terminal (size, suspend/resume for run_foreground).
	Term Terminal
	// Resizes signals a change of the terminal's size (nil: none).
	Resizes <-chan struct{}
	// HistoryPath is the prompt history file of the project ("": none).
	HistoryPath string
	// Plain drops every style (NO_COLOR, TERM=dumb).
	Plain bool
	// Themes is the registry the session's host uses (for the active
	// theme).
	Themes *theme.Registry
	// Home is $HOME, for showing the project folder as ~/...
	Home string
}

// App is one interactive session on a terminal.
type App struct {
	o   Options
	s   *agent.Session
	ctx context.Context

	scr    *screen.Screen
	ed     *editor.Editor
	md     *markdown.Renderer
	router input.Router
	th     *theme.Theme

	// The turn in progress.
	run       *agent.Run
	started   time.Time
	activity  string // what the spinner line says ("" when idle)
	queued    []queuedMsg
	attach    *attaching // a prompt's @ files being read (attach.go)
	shell     *shellRun  // a !command running (shell.go)
	cancelled bool

	// The transcript blocks of the current turn, by kind; every thinking
	// and tool block of the session, for Ctrl-O.
	text           *textBlock
	thinking       *thinkingBlock
	tools          map[string]*toolBlock // running calls, by id
	pendingTool    *toolBlock            // begun, its id not yet known
	thinkingBlocks []*thinkingBlock
	toolList       []*toolBlock
	focus          *host.Block   // a pinned component with the keyboard
	blocks         []*host.Block // every host block shown, for Ctrl-G

	expanded  bool // Ctrl-O: tool output and thinking shown in full
	quitArmed time.Time
	quit      bool
	picker    *picker
	err       error
	// perms are the permission questions waiting for an answer, the
	// first one shown; yolo is whether Shift+Tab may cycle to yolo (the
	// session started in it).
	perms []*permPrompt
	yolo  bool

	out      Writer
	probMu   sync.Mutex
	problems []string

	inputMu   sync.Mutex
	stopInput context.CancelFunc

	// cmdMu guards cancelCmd, the cancel of the slash command running on
	// the owner: the input goroutine may call it (see unstick).
	cmdMu     sync.Mutex
	cancelCmd context.CancelFunc
	inputDone chan struct{}
}

// queuedMsg is a submission shown as queued until the session delivers
// it (a user_message event with its text).
type queuedMsg struct {
	text     string
	followup bool
}

// New returns an app; attach it to a session with Attach, whose
// agent.Options.OnEvent must be the app's OnEvent.
func New(o Options) *App {
	if o.Themes == nil {
		o.Themes = theme.NewRegistry()
	}
	return &App{o: o, tools: map[string]*toolBlock{}}
}

// Attach binds the app to its session (opened with OnEvent set to the
// app's OnEvent).
func (a *App) Attach(s *agent.Session) { a.s = s }

// theme is the active theme, or nil when styles are off.
func (a *App) theme() *theme.Theme {
	if a.o.Plain {
		return nil
	}
	return a.o.Themes.Active(a.s.Host().Config().UI.Theme)
}

// Run shows the session until the user quits (Ctrl-D on an empty
// prompt, Ctrl-C twice, /quit) or ctx ends.
func (a *App) Run(ctx context.Context) error {
	if a.s == nil {
		return errors.New("app: no session attached")
	}
	a.ctx = ctx
	w, h, err := a.o.Term.Size()
	if err != nil || w < 10 || h < 3 {
		w, h = 80, 24
	}
	a.th = a.theme()
	a.md = markdown.New(a.th)
	a.scr = screen.New(a.o.Out, w, h)
	a.scr.SetPlain(a.o.Plain)
	var hist *editor.History
	if a.o.HistoryPath != "" {
		os.MkdirAll(filepath.Dir(a.o.HistoryPath), 0o700)
		hist, _ = editor.LoadHistory(a.o.HistoryPath, 0)
	}
	a.ed = editor.New(editor.Options{
		Prompt: "› ", Placeholder: "Ask, or type / for commands (Shift+Enter: new line)",
		Theme: a.th, History: hist, MaxRows: 10,
		Complete: editor.Chain(editor.Commands(a.commandItems), editor.Paths(a.project(), 50)),
		// A "/" starting the prompt opens the command menu at once.
		AutoMenu: autoMenu,
	})
	a.router.Global = a.globalKey
	if p := a.s.Permissions(); p != nil {
		a.yolo = p.Mode() == permission.Yolo
	}
	a.scr.SetBottom(screen.Func(a.activityRows), a.todoBlock(), a.queueBlock(), a.permBlock(), a.pickerBlock(), a.ed, screen.Func(a.footerRows))
	a.welcome()
	a.flushOutput()
	if c := a.s.Agent().Conversation(); c.Len() > 0 {
		a.scr.Print(paint(a.th, "muted", "continuing session "+short(a.s.ID())))
		a.replay(c)
	}
	a.out.notify = func() { a.s.Post(a.flushOutput) }
	a.startInput()
	if a.o.Resizes != nil {
		go func() {
			for range a.o.Resizes {
				a.s.Post(a.resized)
			}
		}()
	}
	ticker := time.NewTicker(status.FrameInterval)
	defer ticker.Stop()
	tickCtx, stopTick := context.WithCancel(ctx)
	defer stopTick()
	go func() {
		for {
			select {
			case <-ticker.C:
				a.s.Post(a.tick)
			case <-tickCtx.Done():
				return
			}
		}
	}()
	a.draw()
	err = a.s.RunLoop(ctx, a.done)
	a.stopReader()
	if a.run != nil {
		a.s.Cancel()
		a.s.Wait(context.Background(), a.run)
	}
	a.draw()
	a.scr.Close()
	if a.err != nil {
		return a.err
	}
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// done is checked at every turn of the loop: a finished turn is
// reported, queued submissions start, and the app ends when asked to.
func (a *App) done() bool {
	if a.run != nil && a.run.Done() {
		a.turnFinished(a.run.Wait())
		a.run = nil
		a.draw()
	}
	if a.run == nil && !a.quit && a.attach == nil && a.shell == nil {
		if r, ok := a.s.RunQueued(a.ctx); ok {
			a.beginTurn(r)
		}
	}
	return a.quit
}

func (a *App) draw() {
	if a.scr == nil {
		return
	}
	a.scr.Draw()
}

func (a *App) resized() {
	w, h, err := a.o.Term.Size()
	if err == nil && w >= 10 && h >= 3 {
		a.scr.Resize(w, h)
		a.draw()
	}
}

// tick repaints the spinner while something runs.
func (a *App) tick() {
	if a.run != nil || a.picker != nil || a.shell != nil || a.attach != nil {
		a.draw()
	}
}

// startInput reads the terminal on a goroutine and posts each event.
func (a *App) startInput() {
	a.inputMu.Lock()
	defer a.inputMu.Unlock()
	ctx, cancel := context.WithCancel(a.ctx)
	a.stopInput = cancel
	done := make(chan struct{})
	a.inputDone = done
	events := make(chan input.Event, 64)
	rd := input.NewReader(a.o.In)
	go func() {
		rd.Run(ctx, events)
		close(events)
	}()
	go func() {
		defer close(done)
		for ev := range events {
			ev := ev
			handled := make(chan struct{})
			a.s.Post(func() { close(handled); a.handle(ev) })
			if ev.Is("esc") || ev.Is("ctrl+c") {
				go a.unstick(handled)
			}
		}
		if ctx.Err() == nil {
			// The input ended (EOF): nothing more will be typed.
			a.s.Post(func() { a.quit = true })
		}
	}()
}

// stuckAfter is how long an Esc or Ctrl-C may wait for the owner before
// unstick acts on it.
const stuckAfter = 500 * time.Millisecond

// unstick makes Esc and Ctrl-C work while the owner is held by Lua code
// that does not yield (a tool handler or a slash command in an endless
// loop): every key waits for the owner, which is busy, so when the key
// is still unhandled after stuckAfter, the running turn and command are
// cancelled from here. Their contexts interrupt the Lua code at its next
// check; the owner is free again and handles the key as usual.
func (a *App) unstick(handled <-chan struct{}) {
	select {
	case <-handled:
		return
	case <-time.After(stuckAfter):
	}
	a.s.Cancel()
	a.cmdMu.Lock()
	cancel := a.cancelCmd
	a.cmdMu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// stopReader stops reading the terminal and waits until the read has
// stopped (run_foreground hands the terminal to a child).
func (a *App) stopReader() {
	a.inputMu.Lock()
	stop, done := a.stopInput, a.inputDone
	a.inputMu.Unlock()
	if stop != nil {
		stop()
		select {
		case <-done:
		case <-time.After(time.Second):
		}
	}
}

// Suspend and Resume are host.Terminal: run_foreground gives the
// terminal to a child and takes it back.
func (a *App) Suspend() error {
	a.stopReader()
	if err := a.scr.Detach(); err != nil {
		return err
	}
	return a.o.Term.Suspend()
}

func (a *App) Resume() error {
	err := a.o.Term.Resume()
	a.scr.Invalidate()
	a.startInput()
	a.draw()
	return err
}
