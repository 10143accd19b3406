// Package plot draws the tuners' curves (loss per epoch, parameter values
// per SPSA iteration, fitted curves against data points) as PNG images with gonum.org/v1/plot.
package plot
