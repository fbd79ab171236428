"""So Long, My World: its printing side's home: ``tables`` (the rulebook's tables), ``vocabulary``
(its effect words), ``models`` (its card models), ``game`` (its spec), each importing only those
before it."""
