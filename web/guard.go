package web

import (
	"crypto/subtle"
	"net"
	"net/http"
	"strings"
)

// tokenCookie is the cookie that carries the token after the page was
// opened with it in the URL.
const tokenCookie = "goxq_token"

// guard is the checks every request to a page of ucci passes, the board's
// and the live match view's alike: the Host header against the names
// allowed (against DNS rebinding), the method (GET and HEAD only), and
// the token when there is one. WebSockets also check the Origin (the
// library refuses one other than the page's own host).
type guard struct {
	// hosts are the host names (without port) the Host header may carry;
	// empty allows any.
	hosts []string
	// token, when set, must come with every request: in the URL
	// (?token=...), which also sets a cookie, or in that cookie.
	token string
	// command names the command that printed the address, for the
	// answer to a request without the token.
	command string
}

// admit checks the request and sets the headers of every answer. It
// answers a request that fails a check itself and then returns false.
func (g guard) admit(w http.ResponseWriter, r *http.Request) bool {
	if !g.hostAllowed(r.Host) {
		http.Error(w, "unknown host", http.StatusMisdirectedRequest)
		return false
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return false
	}
	if !g.tokenGiven(w, r) {
		http.Error(w, "a token is needed: open the address that "+g.command+" printed, with its ?token=", http.StatusUnauthorized)
		return false
	}
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'")
	return true
}

// tokenGiven checks the request's token (none needed without one): from
// the URL, then setting the cookie for the requests that follow, or from
// the cookie.
func (g guard) tokenGiven(w http.ResponseWriter, r *http.Request) bool {
	if g.token == "" {
		return true
	}
	if q := r.URL.Query().Get("token"); q != "" && g.tokenIs(q) {
		http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: g.token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
		return true
	}
	c, err := r.Cookie(tokenCookie)
	return err == nil && g.tokenIs(c.Value)
}

// tokenIs compares v with the token in constant time.
func (g guard) tokenIs(v string) bool {
	return subtle.ConstantTimeCompare([]byte(v), []byte(g.token)) == 1
}

// hostAllowed checks the Host header against the names allowed.
func (g guard) hostAllowed(hostport string) bool {
	if len(g.hosts) == 0 {
		return true
	}
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	for _, h := range g.hosts {
		if strings.EqualFold(h, host) {
			return true
		}
	}
	return false
}
