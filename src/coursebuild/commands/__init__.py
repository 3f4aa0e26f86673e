"""What a user runs: the whole build, the live preview and its HTTP side, the build's lock,
and the zip's launcher."""
