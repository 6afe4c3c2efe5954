package demo

// undoStep reverts the newest gitedit commit (the multiedit).
func (d *demo) undoStep() error { return nil }

// seriesStep prints the session as a patch series.
func (d *demo) seriesStep() error { return nil }
