"""The adjudication core shared by every game: state zones, the engine interface, log
reading, conservation, the checked replay, reports and the random simulator."""
