// Package linespan is the line geometry the line-based match strategies
// of engine share: spans of the searched text's lines, old_string cut into
// lines, windows of lines around a position, and line anchors.
//
// Like engine, it is pure text work: standard library only.
package linespan
