package wire

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// maxRedirects is how many same-origin redirects a request follows, as
// many as Go's own default policy.
const maxRedirects = 10

// RedirectRefused is the error a request stops with when the provider
// redirects it where its credentials must not go.
type RedirectRefused struct {
	From, To *url.URL
}

func (e *RedirectRefused) Error() string {
	why := "another host"
	switch {
	case !sameHost(e.From, e.To):
	case strings.EqualFold(e.To.Scheme, "http") && strings.EqualFold(e.From.Scheme, "https"):
		why = "plain http"
	default:
		why = "another port"
	}
	return fmt.Sprintf("the server redirected the request from %s to %s, %s; it was not followed, so the key and the conversation were not sent there (set base_url to the address you mean)",
		origin(e.From), origin(e.To), why)
}

// guardRedirects returns a copy of client whose redirects never carry a
// request's credentials elsewhere. A provider request holds the API key
// (x-api-key, Authorization) and every configured header, and its body
// is the conversation; Go's client drops Authorization and cookies on a
// redirect to another domain but copies every other header, x-api-key
// included. So a redirect is followed only to the same host and port
// with the same scheme, or from http to https on the same host; any
// other one ends the request with *RedirectRefused. The client's own
// CheckRedirect, if any, still runs on the redirects this policy allows.
func guardRedirects(client *http.Client) *http.Client {
	guarded := *client
	next := client.CheckRedirect
	guarded.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		from := via[0].URL
		if !mayCarryCredentials(from, req.URL) {
			return &RedirectRefused{From: from, To: req.URL}
		}
		if next != nil {
			return next(req, via)
		}
		if len(via) >= maxRedirects {
			return fmt.Errorf("stopped after %d redirects", maxRedirects)
		}
		return nil
	}
	return &guarded
}

// mayCarryCredentials reports whether a request to from may be
// redirected to to with its headers: the same origin, or an upgrade from
// http to https on the same host and default ports.
func mayCarryCredentials(from, to *url.URL) bool {
	if !sameHost(from, to) {
		return false
	}
	fs, ts := strings.ToLower(from.Scheme), strings.ToLower(to.Scheme)
	switch {
	case fs == ts:
		return port(from) == port(to)
	case fs == "http" && ts == "https":
		return port(from) == "80" && port(to) == "443"
	}
	return false
}

// sameHost compares host names (not ports), case-insensitively. 127.0.0.1
// and localhost are different hosts: a name is what a certificate and a
// user's configuration vouch for, not where it resolves today.
func sameHost(a, b *url.URL) bool {
	return strings.EqualFold(strings.TrimSuffix(a.Hostname(), "."), strings.TrimSuffix(b.Hostname(), "."))
}

// port is the URL's port, or its scheme's default.
func port(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return "443"
	case "http":
		return "80"
	}
	return ""
}

func origin(u *url.URL) string {
	return strings.ToLower(u.Scheme) + "://" + net.JoinHostPort(u.Hostname(), port(u))
}

// asRedirectRefused finds a refused redirect inside the client's error.
func asRedirectRefused(err error) *RedirectRefused {
	var r *RedirectRefused
	if errors.As(err, &r) {
		return r
	}
	return nil
}
