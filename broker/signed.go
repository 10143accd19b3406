package broker

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
)

// signedWork is a work item as it is published: the JSON of the Work
// (Payload), the public key of its signer and the Ed25519 signature of
// signContext followed by exactly the bytes of Payload. The worker checks
// the signature over the bytes it then decodes, so no re-encoding of the
// item can pass for the signed one. (In JSON the byte fields are base64.)
type signedWork struct {
	Payload   []byte `json:"payload"`
	Signer    string `json:"signer"`
	Signature []byte `json:"sig"`
}

// signContext is put before the payload in what is signed, so that a
// signature of the coordinator's key over anything else is never a valid
// work item.
const signContext = "goxq work v1\n"

// signWork returns the message of the work item w signed with key.
func signWork(key ed25519.PrivateKey, w *Work) ([]byte, error) {
	payload, err := json.Marshal(w)
	if err != nil {
		return nil, err
	}
	return signPayload(key, payload)
}

// signPayload returns the message of the work item whose JSON is payload,
// signed with key.
func signPayload(key ed25519.PrivateKey, payload []byte) ([]byte, error) {
	return json.Marshal(signedWork{
		Payload:   payload,
		Signer:    PublicKeyText(publicOf(key)),
		Signature: ed25519.Sign(key, signedBytes(payload)),
	})
}

// signedBytes returns what is signed for payload.
func signedBytes(payload []byte) []byte {
	return append([]byte(signContext), payload...)
}

// untrustedWork is a work item a worker refuses: its signer (the text of
// its public key, "" when it is unsigned or the key is malformed), why,
// and the run and id it names (unchecked, for the refusal's notice; "" and
// -1 when it names none).
type untrustedWork struct {
	signer string
	why    string
	run    string
	id     int
}

// openWork checks that the message data, taken from the queue of the
// trusted key key, is a work item signed by that key, and returns its
// payload; anything else is refused, and described by the *untrustedWork
// returned (trusted are every key the worker trusts, for the words).
func openWork(data []byte, key ed25519.PublicKey, trusted []ed25519.PublicKey) ([]byte, *untrustedWork) {
	var s signedWork
	if err := json.Unmarshal(data, &s); err != nil || len(s.Payload) == 0 {
		u := &untrustedWork{why: "unsigned work", id: -1}
		u.run, u.id = namedRun(data)
		return nil, u
	}
	u := &untrustedWork{id: -1}
	u.run, u.id = namedRun(s.Payload)
	pub, err := ParsePublicKey(s.Signer)
	if err != nil {
		u.why = "work signed by a malformed key"
		return nil, u
	}
	u.signer = PublicKeyText(pub)
	switch {
	case !isTrusted(pub, trusted):
		u.why = "work signed by " + u.signer + ", a key this worker does not trust"
		return nil, u
	case !pub.Equal(key):
		u.why = "work signed by " + u.signer + " on the queue of " + PublicKeyText(key)
		return nil, u
	case !ed25519.Verify(pub, signedBytes(s.Payload), s.Signature):
		u.why = "work with a bad signature for " + u.signer
		return nil, u
	}
	return s.Payload, nil
}

// isTrusted tells whether pub is one of the trusted keys.
func isTrusted(pub ed25519.PublicKey, trusted []ed25519.PublicKey) bool {
	for _, k := range trusted {
		if bytes.Equal(k, pub) {
			return true
		}
	}
	return false
}

// namedRun returns the run and the id that the JSON of a work item names
// without checking anything else ("" and -1 when it names none): the run
// to tell of a refusal.
func namedRun(payload []byte) (string, int) {
	var w struct {
		Run string `json:"run"`
		ID  *int   `json:"id"`
	}
	if json.Unmarshal(payload, &w) != nil || !runPattern.MatchString(w.Run) || w.ID == nil || *w.ID < 0 {
		return "", -1
	}
	return w.Run, *w.ID
}

// describe returns the refusal as the worker says it, naming the subject
// of the item.
func (u *untrustedWork) describe(subject string) string {
	return fmt.Sprintf("refusing %s: %s", subject, u.why)
}
