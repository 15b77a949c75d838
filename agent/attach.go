package agent

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"panto/agent/conv"
	"panto/permission"
)

// A prompt's @path mentions attach what they name to the user message,
// as Claude Code's do: a file's text, a folder's entries. Each goes in
// a text block of its own after the typed text, wrapped in a <file> or
// <folder> tag whose attributes say what was attached, so the model
// reads the contents with their origin and a resumed session (which has
// only the stored blocks) shows the same rows the live one did. The
// typed text stays the message's first block: user_message handlers
// and the transcript see it as typed (see Attachments).

// The caps follow the read tool's per call: what it would show at once.
const (
	attachMaxBytes   = 50 * 1024
	attachMaxLines   = 2000
	attachMaxEntries = 200
	attachSniff      = 8192 // bytes looked at to tell a binary file
)

// Attachment is what one @path attached, as the transcript shows it.
type Attachment struct {
	// Path is the path as shown: relative to the project root inside it.
	Path string `json:"path"`
	// Kind is "file", "folder" or "binary" (a binary file: not attached).
	Kind string `json:"kind"`
	// Lines and Bytes are what was attached of a file (Bytes is not
	// kept in the session), Size the file's size.
	Lines int   `json:"lines,omitempty"`
	Bytes int   `json:"-"`
	Size  int64 `json:"size,omitempty"`
	// Entries is a folder's entry count (all of them, even past the cap).
	Entries int  `json:"entries,omitempty"`
	Cut     bool `json:"cut,omitempty"`
}

// Summary is the attachment in a few words, for the transcript's row.
func (at Attachment) Summary() string {
	switch at.Kind {
	case "binary":
		return fmt.Sprintf("%s: a binary file (%s), not attached", at.Path, sizeText(at.Size))
	case "folder":
		if at.Cut {
			return fmt.Sprintf("%s (first %d of %d entries)", at.Path, attachMaxEntries, at.Entries)
		}
		return fmt.Sprintf("%s (%s)", at.Path, plural(at.Entries, "entry", "entries"))
	}
	if at.Cut {
		return fmt.Sprintf("%s (the first %s of a %s file)", at.Path, plural(at.Lines, "line", "lines"), sizeText(at.Size))
	}
	return fmt.Sprintf("%s (%s)", at.Path, plural(at.Lines, "line", "lines"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func sizeText(n int64) string {
	switch {
	case n < 1024:
		return plural(int(n), "byte", "bytes")
	case n < 1024*1024:
		return fmt.Sprintf("%.1f KiB", float64(n)/1024)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1024*1024))
}

// HasMentions reports whether a prompt has @path mentions to attach.
func HasMentions(text string) bool { return len(ParseMentions(text)) > 0 }

// Attach reads what the prompt's @path mentions name and returns the
// blocks to send after the typed text, with what each attached. A path
// is resolved against the project root (~ is the home folder) and read
// only as the read tool would be: the permission policy decides, and
// asks the user through Options.Ask when it asks (a headless run is
// refused, with the rule that would allow it). A mention that cannot be
// attached — no such file, refused, denied — is an error naming it, and
// nothing is attached: the caller keeps the prompt. It must not run on
// the owner (asking waits for the front end, which runs there).
func (s *Session) Attach(ctx context.Context, text string) ([]conv.Block, []Attachment, error) {
	var blocks []conv.Block
	var atts []Attachment
	seen := map[string]bool{}
	for i, m := range ParseMentions(text) {
		abs := s.resolveMention(m.Path)
		if seen[abs] {
			continue
		}
		seen[abs] = true
		call := permission.Call{Tool: "read", ID: fmt.Sprintf("attach-%d", i+1), Effects: []permission.Effect{permission.Read},
			HasPath: true, Path: abs, Input: fmt.Sprintf(`{"path":%q}`, abs)}
		if err := s.authorize(ctx, call); err != nil {
			return nil, nil, fmt.Errorf("@%s: %w", m.Path, err)
		}
		b, at, err := s.attachOne(abs)
		if err != nil {
			return nil, nil, fmt.Errorf("@%s: %w", m.Path, err)
		}
		blocks, atts = append(blocks, b), append(atts, at)
	}
	return blocks, atts, nil
}

// resolveMention is the absolute path a mention names.
func (s *Session) resolveMention(p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			p = filepath.Join(home, p[1:])
		}
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(s.cwd, p)
	}
	return filepath.Clean(p)
}

// shownPath is abs relative to the project root when it is inside it.
func (s *Session) shownPath(abs string) string {
	if rel, err := filepath.Rel(s.cwd, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(rel)
	}
	return abs
}

// attachOne reads one file or folder into its block.
func (s *Session) attachOne(abs string) (conv.Block, Attachment, error) {
	at := Attachment{Path: s.shownPath(abs)}
	st, err := os.Stat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return conv.Block{}, at, errors.New("no such file or folder")
	case err != nil:
		return conv.Block{}, at, err
	case st.IsDir():
		return s.attachFolder(abs, at)
	case !st.Mode().IsRegular():
		return conv.Block{}, at, fmt.Errorf("not a regular file (%s)", st.Mode().Type())
	}
	f, err := os.Open(abs)
	if err != nil {
		return conv.Block{}, at, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, attachMaxBytes+1))
	if err != nil {
		return conv.Block{}, at, err
	}
	at.Size = st.Size()
	if isBinary(data) {
		at.Kind = "binary"
		body := fmt.Sprintf("[a binary file of %s: its contents were not attached]", sizeText(at.Size))
		return conv.TextBlock(attachTag(at, body)), at, nil
	}
	at.Kind = "file"
	cut := len(data) > attachMaxBytes
	if cut {
		data = data[:attachMaxBytes]
	}
	if i := nthIndex(data, '\n', attachMaxLines); i >= 0 && i+1 < len(data) {
		data, cut = data[:i+1], true
	}
	if cut {
		// Whole lines, else (one line longer than the cap) whole runes.
		if i := bytes.LastIndexByte(data, '\n'); i >= 0 {
			data = data[:i+1]
		}
		for len(data) > 0 && !utf8.Valid(data) {
			data = data[:len(data)-1]
		}
	}
	body := string(data)
	at.Lines = strings.Count(body, "\n")
	if body != "" && !strings.HasSuffix(body, "\n") {
		at.Lines++
	}
	at.Bytes, at.Cut = len(data), cut
	if cut {
		body = strings.TrimSuffix(body, "\n") + fmt.Sprintf("\n[cut: the first %s (%s) of %s are attached; read the file with an offset for the rest]",
			plural(at.Lines, "line", "lines"), sizeText(int64(at.Bytes)), sizeText(at.Size))
	}
	return conv.TextBlock(attachTag(at, strings.TrimSuffix(body, "\n"))), at, nil
}

// attachFolder lists a folder's entries, folders with a trailing slash.
func (s *Session) attachFolder(abs string, at Attachment) (conv.Block, Attachment, error) {
	ents, err := os.ReadDir(abs)
	if err != nil {
		return conv.Block{}, at, err
	}
	names := make([]string, 0, len(ents))
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() {
			n += "/"
		}
		names = append(names, n)
	}
	sort.Strings(names)
	at.Kind, at.Entries = "folder", len(names)
	if len(names) > attachMaxEntries {
		names, at.Cut = names[:attachMaxEntries], true
	}
	body := strings.Join(names, "\n")
	if at.Cut {
		body += fmt.Sprintf("\n[cut: the first %d of %d entries]", attachMaxEntries, at.Entries)
	}
	return conv.TextBlock(attachTag(at, body)), at, nil
}

// isBinary tells a binary file by a NUL byte in its first bytes, as the
// read tool does, or by text that is not UTF-8.
func isBinary(data []byte) bool {
	head := data[:min(len(data), attachSniff)]
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	// The sniffed head may end inside a rune.
	for i := 0; i < utf8.UTFMax && len(head) > 0 && !utf8.Valid(head); i++ {
		head = head[:len(head)-1]
	}
	return !utf8.Valid(head)
}

func nthIndex(b []byte, c byte, n int) int {
	at := -1
	for range n {
		i := bytes.IndexByte(b[at+1:], c)
		if i < 0 {
			return -1
		}
		at += i + 1
	}
	return at
}

// attachTag wraps an attachment's body in its tag.
func attachTag(at Attachment, body string) string {
	tag := "file"
	if at.Kind == "folder" {
		tag = "folder"
	}
	var attrs strings.Builder
	fmt.Fprintf(&attrs, "path=%q", at.Path)
	add := func(k string, v int64) {
		if v != 0 {
			fmt.Fprintf(&attrs, " %s=\"%d\"", k, v)
		}
	}
	switch at.Kind {
	case "binary":
		attrs.WriteString(` binary="true"`)
		add("size", at.Size)
	case "folder":
		add("entries", int64(at.Entries))
	default:
		add("lines", int64(at.Lines))
		add("size", at.Size)
	}
	if at.Cut {
		attrs.WriteString(` cut="true"`)
	}
	return fmt.Sprintf("<%s %s>\n%s\n</%s>", tag, attrs.String(), body, tag)
}

// attachHead and attachAttr read an attachment block back; compiled on
// first use, not in every process's init (cmd/panto's start-up test).
var attachREs struct {
	sync.Once
	head, attr *regexp.Regexp
}

func compileAttachREs() {
	attachREs.head = regexp.MustCompile(`^<(file|folder) (path="(?:[^"\\]|\\.)*"(?: [a-z]+="[^"]*")*)>\n`)
	attachREs.attr = regexp.MustCompile(`([a-z]+)=("(?:[^"\\]|\\.)*")`)
}

func attachHead() *regexp.Regexp { attachREs.Do(compileAttachREs); return attachREs.head }
func attachAttr() *regexp.Regexp { attachREs.Do(compileAttachREs); return attachREs.attr }

// AttachmentOf reads back what an attachment block attached; false
// for any other block (the typed text, an image, a hook's context).
func AttachmentOf(b conv.Block) (Attachment, bool) {
	if b.Type != conv.Text {
		return Attachment{}, false
	}
	m := attachHead().FindStringSubmatch(b.Text)
	if m == nil || !strings.HasSuffix(b.Text, "\n</"+m[1]+">") {
		return Attachment{}, false
	}
	at := Attachment{Kind: m[1]}
	var lines, size int64
	for _, kv := range attachAttr().FindAllStringSubmatch(m[2], -1) {
		v, err := strconv.Unquote(kv[2])
		if err != nil {
			return Attachment{}, false
		}
		n, _ := strconv.ParseInt(v, 10, 64)
		switch kv[1] {
		case "path":
			at.Path = v
		case "binary":
			at.Kind = "binary"
		case "lines":
			lines = n
		case "size":
			size = n
		case "entries":
			at.Entries = int(n)
		case "cut":
			at.Cut = v == "true"
		}
	}
	at.Lines, at.Size = int(lines), size
	return at, true
}

// Attachments splits a user message's blocks into what was typed (every
// other block, in order) and what @path mentions attached.
func Attachments(blocks []conv.Block) (typed []conv.Block, atts []Attachment) {
	for _, b := range blocks {
		if at, ok := AttachmentOf(b); ok {
			atts = append(atts, at)
			continue
		}
		typed = append(typed, b)
	}
	return typed, atts
}

// authorize decides a call the user makes themselves (reading an @path
// file, a !command) by the policy and approval path of the model's own
// calls: the rules and the mode, then the user when the verdict asks,
// where an answer "for this session" or "always" adds its rule. A
// session without a policy allows it.
func (s *Session) authorize(ctx context.Context, call permission.Call) error {
	pol := s.opts.Permissions
	if pol == nil {
		return nil
	}
	v := pol.Decide(ctx, call)
	switch v.Decision {
	case permission.Allow:
		return nil
	case permission.Deny:
		return fmt.Errorf("permission denied: %s", v.Reason)
	}
	if s.opts.Ask == nil {
		return fmt.Errorf("permission denied: %s, and this run cannot ask the user; %s", v.Reason, v.HintFor(s.userConfigName()))
	}
	t := &turn{a: s.agent, s: s, ctx: ctx, ev: sessionEvents{s}, purpose: "user"}
	if why := t.ask(&pendingCall{id: call.ID, name: call.Tool}, call, v); why != "" {
		return errors.New(why)
	}
	return nil
}

// splitAttached takes the attachment blocks out of a user message's
// blocks, keeping both in order.
func splitAttached(blocks []conv.Block) (typed, attached []conv.Block) {
	for _, b := range blocks {
		if _, ok := AttachmentOf(b); ok {
			attached = append(attached, b)
		} else {
			typed = append(typed, b)
		}
	}
	return typed, attached
}

// userFields are the user_message event's fields: the text, and what
// @path mentions attached (as the transcript shows it) when any.
func userFields(text string, attached []conv.Block) map[string]any {
	f := map[string]any{"text": text}
	if len(attached) > 0 {
		// Plain values, for JSON (--mode json).
		_, atts := Attachments(attached)
		list := make([]any, len(atts))
		for i, at := range atts {
			list[i] = map[string]any{"path": at.Path, "kind": at.Kind, "lines": at.Lines, "size": at.Size,
				"entries": at.Entries, "cut": at.Cut, "summary": at.Summary()}
		}
		f["attachments"] = list
	}
	return f
}

// PromptText is a user message as the person typed it: without what
// @path mentions attached, and a !command as "!" and the command. The
// listing, /rewind and /tree show it (the model gets the whole message).
func PromptText(m *conv.Message) string {
	if sh, ok := ShellCommandOf(m); ok {
		return "!" + sh.Command
	}
	typed, _ := splitAttached(m.Blocks)
	return blocksText(typed)
}
