package benchrepo

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestAddRunRecordsTheTimeOutsideThePhases checks AddRun: each run's
// phases are recorded as Add records them, and the rest of its wall time
// as the phase Rest, listed last.
func TestAddRunRecordsTheTimeOutsideThePhases(t *testing.T) {
	var p Phases
	p.AddRun("gitedit: performance: 0.001000 s: start\nnoise\ngitedit: performance: 0.002000 s: prepare\n", 5*time.Millisecond)
	p.AddRun("gitedit: performance: 0.001000 s: start\ngitedit: performance: 0.004000 s: prepare\n", 6*time.Millisecond)
	p.AddRun("gitedit: performance: 0.003000 s: start\ngitedit: performance: 0.002000 s: prepare\n", 9*time.Millisecond)
	assert.Equal(t, "start 1ms; prepare 2ms; "+Rest+" 2ms", p.String(time.Microsecond))
}
