package patch

import (
	"strings"

	"github.com/gitedit/gitedit/gitedit/internal/spec"
)

// The decoration models add around an envelope and its markers
// (docs/reference.md#patch): a Markdown code fence around the whole
// envelope is dropped, a marker without a path may end in a run of "*"
// (envMarker), and a path ending in "***" is refused.

// dropFence drops a Markdown code fence around the envelope: a first line
// "```" or "~~~" (three or more, an info string such as "diff" allowed)
// with an envelope's Begin Patch marker as the first line after it, and a
// last line that is the same fence (missing when the text was cut short:
// then the End Patch marker is missing too, and the envelope is refused).
func dropFence(lines []string) []string {
	if len(lines) < 2 {
		return lines
	}
	open := strings.TrimSpace(lines[0])
	fence := open[:len(open)-len(strings.TrimLeft(open, "`~"))]
	if len(fence) < 3 || strings.Trim(fence, fence[:1]) != "" {
		return lines
	}
	inner := lines[1:]
	if strings.TrimSpace(inner[len(inner)-1]) == fence {
		inner = inner[:len(inner)-1]
	}
	inner = trimBlank(inner)
	if key, _, _ := envMarker(firstLine(inner)); key != mkBegin {
		return lines
	}
	return inner
}

// firstLine is lines[0], or "".
func firstLine(lines []string) string {
	if len(lines) == 0 {
		return ""
	}
	return lines[0]
}

// markerName spells the markers with a path.
var markerName = map[string]string{mkAdd: "Add File", mkUpdate: "Update File", mkDelete: "Delete File", mkMove: "Move to"}

// checkMarkerPath refuses a marker's path that ends in "***": a file name
// ending so is more likely decoration ("*** Add File: a.go ***") than a
// name, and taking it either way could write a file the patch did not
// mean.
func checkMarkerPath(line int, marker, arg string) error {
	if strings.HasSuffix(arg, "***") {
		return spec.Errorf(spec.CodeInvalidInput, "line %d: the path of %q ends in '***': write the marker without decoration after the path ('*** %s: path'); gitedit does not take a file name ending in '***' from an envelope", line, marker, marker)
	}
	return nil
}
