// Package broker plays the games of a match on workers spread over many
// machines, through NATS JetStream.
//
// The coordinator (a match run with a broker) puts each engine binary in
// the object store under its SHA-256 and publishes every game pair as a
// work item, signed with its Ed25519 key, on the work-queue stream, under
// the subject of its platform and its key. Workers take the items of their
// platform signed by the keys their owners trust (and refuse for good any
// other found there), fetch and verify the binaries, play the games with
// local engine processes (the runner of match), store the result
// on the results stream and only then acknowledge the item. An item whose
// worker died is delivered again after the ack timeout; the coordinator
// counts a result once by its work id, and acknowledges it after it has
// been counted and written, so the PGN and the SPRT are those of a local
// run of the same games.
package broker
