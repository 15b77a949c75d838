// Package luaweb is panto.web: an HTTP GET with the bounds a tool needs
// (size, time, redirects) and an HTML-to-Markdown converter, for the
// web_fetch standard tool. The request runs on a goroutine while the
// calling coroutine waits (as panto.fs does), and Lua gets a plain table
// back: what to refuse and how to present the page is the tool's
// decision, in Lua, where a layer can override it.
//
// Redirects are followed only while they stay on the same host (an
// upgrade from http to https included) and at most max_redirects times;
// a redirect to another host ends the fetch and is returned as the
// result's redirect field, so the model (and the permission rules, which
// judge each web_fetch call) decide whether to go there.
package luaweb

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"

	"xnethtml/html/charset"

	"panto/runtime"
)

// Async is what the module needs from the event loop (luv.Loop).
type Async interface {
	Await(L *runtime.State, work func() (func() []runtime.Value, error)) int
	Context() context.Context
}

// Options configure the module.
type Options struct {
	// Network reports whether this session may use the network, and why
	// not ("" when it may). nil allows it.
	Network func() (bool, string)
	// Client makes the requests (nil: a client of its own).
	Client *http.Client
}

// Defaults and ceilings of fetch's options.
const (
	DefaultMaxBytes     = 5 << 20
	MaxMaxBytes         = 64 << 20
	DefaultTimeout      = 30 * time.Second
	MaxTimeout          = 10 * time.Minute
	DefaultMaxRedirects = 5
	MaxMaxRedirects     = 20
)

// userAgent names panto to servers, as well-behaved fetchers do.
const userAgent = "panto-web-fetch/1 (+https://github.com/panto)"

// Module builds the panto.web table.
func Module(loop Async, o Options) *runtime.Table {
	t := runtime.NewTable(0, 2)
	t.SetStr("fetch", runtime.NewFunction("fetch", func(L *runtime.State) int { return luaFetch(L, loop, o) }))
	t.SetStr("markdown", runtime.NewFunction("markdown", luaMarkdown))
	return t
}

// Request is one fetch, as its options say.
type Request struct {
	URL          string
	MaxBytes     int64
	Timeout      time.Duration
	MaxRedirects int
	Accept       string
}

// Response is what a fetch returns.
type Response struct {
	// URL is the address the body came from (after same-host redirects).
	URL string
	// Status is the HTTP status code; StatusText its line.
	Status     int
	StatusText string
	// ContentType is the media type (lower case, no parameters), from the
	// header, else sniffed from the body.
	ContentType string
	// Body is the body, converted to UTF-8 when the type is textual and
	// the charset known; Truncated when more than MaxBytes was sent.
	Body      []byte
	Truncated bool
	// Redirect is where a redirect to another host (or one past the
	// limit) pointed; Body is then empty.
	Redirect string
	// Redirects counts the redirects followed.
	Redirects int
}

// errRedirect stops the client at a redirect it may not follow.
type errRedirect struct{ to *url.URL }

func (e *errRedirect) Error() string { return "redirect to " + e.to.String() }

// Fetch performs one GET. Only http and https are fetched.
func Fetch(ctx context.Context, client *http.Client, r Request) (*Response, error) {
	u, err := url.Parse(r.URL)
	if err != nil {
		return nil, fmt.Errorf("not a URL: %v", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("only http and https URLs can be fetched, not %q", r.URL)
	}
	if u.Host == "" {
		return nil, fmt.Errorf("the URL %q has no host", r.URL)
	}
	if u.User != nil {
		return nil, errors.New("URLs with a user name or password are not fetched")
	}
	if client == nil {
		client = http.DefaultClient
	}
	c := *client
	res := &Response{}
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		prev := via[len(via)-1].URL
		if !sameHost(prev, req.URL) || len(via) > r.MaxRedirects || (req.URL.Scheme != "http" && req.URL.Scheme != "https") {
			return &errRedirect{to: req.URL}
		}
		res.Redirects = len(via)
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, r.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", userAgent)
	accept := r.Accept
	if accept == "" {
		accept = "text/markdown, text/html;q=0.9, text/plain;q=0.8, */*;q=0.5"
	}
	req.Header.Set("Accept", accept)
	resp, err := c.Do(req)
	var redir *errRedirect
	if errors.As(err, &redir) {
		if resp != nil {
			resp.Body.Close()
		}
		res.URL, res.Redirect = u.String(), redir.to.String()
		if resp != nil {
			res.URL = resp.Request.URL.String()
			res.Status, res.StatusText = resp.StatusCode, resp.Status
		}
		return res, nil
	}
	if err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			return nil, fmt.Errorf("no response within %s", r.Timeout)
		}
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return nil, err
	}
	defer resp.Body.Close()
	res.URL, res.Status, res.StatusText = resp.Request.URL.String(), resp.StatusCode, resp.Status
	body, err := io.ReadAll(io.LimitReader(resp.Body, r.MaxBytes+1))
	if err != nil {
		if ctx.Err() == context.DeadlineExceeded {
			return nil, fmt.Errorf("the body did not arrive within %s", r.Timeout)
		}
		return nil, fmt.Errorf("reading the body: %v", err)
	}
	if int64(len(body)) > r.MaxBytes {
		body, res.Truncated = body[:r.MaxBytes], true
	}
	header := resp.Header.Get("Content-Type")
	mt, params, err := mime.ParseMediaType(header)
	if header == "" || err != nil {
		mt, params, _ = mime.ParseMediaType(http.DetectContentType(body))
	}
	res.ContentType = strings.ToLower(mt)
	res.Body = toUTF8(body, res.ContentType, params["charset"])
	return res, nil
}

// sameHost reports whether a redirect stays on the host it came from
// (the port may change only along with an http to https upgrade).
func sameHost(from, to *url.URL) bool {
	if !strings.EqualFold(from.Hostname(), to.Hostname()) {
		return false
	}
	if from.Port() == to.Port() {
		return from.Scheme == to.Scheme || (from.Scheme == "http" && to.Scheme == "https")
	}
	return false
}

// toUTF8 decodes a textual body in the charset its header (or, for
// HTML, its <meta>) names; other bodies stay as they are.
func toUTF8(body []byte, mediaType, cs string) []byte {
	if !strings.HasPrefix(mediaType, "text/") && !strings.Contains(mediaType, "html") && !strings.Contains(mediaType, "xml") {
		return body
	}
	if cs == "" && !strings.Contains(mediaType, "html") {
		return body
	}
	ct := mediaType
	if cs != "" {
		ct += "; charset=" + cs
	}
	r, err := charset.NewReader(strings.NewReader(string(body)), ct)
	if err != nil {
		return body
	}
	out, err := io.ReadAll(r)
	if err != nil {
		return body
	}
	return out
}
