// Package tbgen builds the endgame tables of package tb by retrograde
// analysis under the referee's rules, and verifies them against the rules
// and against themselves. The search imports only package tb, the probe.
package tbgen
