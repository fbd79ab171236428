"""Writing a game log as YAML a person can read (one entry a line where it fits)."""

from __future__ import annotations

from typing import Any

import yaml


class _Dumper(yaml.SafeDumper):
    pass


def _flow_small(dumper: yaml.SafeDumper, data: dict[Any, Any]) -> yaml.Node:
    """Entries and small mappings on one line ({player: Ana, play: ...}); big ones in blocks."""
    flow = len(data) <= 8 and all(not isinstance(v, (dict, list)) or len(v) <= 6 for v in data.values())
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


_Dumper.add_representer(dict, _flow_small)


def dump_log(log: dict[str, Any], comment: str | None = None) -> str:
    """The log as YAML: ``game``, ``players``, the match metadata it has (event, round, date,
    table, notes), ``setup``, then ``log`` one entry a line."""
    head = f"# {comment}\n" if comment else ""
    def flow(value: Any) -> str:
        return yaml.dump(value, Dumper=_Dumper, default_flow_style=True, allow_unicode=True,
                         width=10_000).strip().removesuffix("\n...").strip()

    from rules_check.core.logfile import METADATA

    parts = [f"game: {flow(log['game'])}\n", f"players: {flow(log['players'])}\n"]
    parts += [f"{key}: {flow(str(log[key]) if key == 'date' else log[key])}\n" for key in METADATA
              if log.get(key) is not None]
    # the setup in blocks, one card a line (a long shuffled deck stays readable)
    parts.append(yaml.dump({"setup": log["setup"]}, Dumper=yaml.SafeDumper, sort_keys=False,
                           allow_unicode=True, width=10_000, default_flow_style=False))
    # every entry on one line, in flow style, whatever it holds
    lines = ["log:"] + [
        "  - " + yaml.dump(e, Dumper=yaml.SafeDumper, sort_keys=False, allow_unicode=True, width=10_000,
                           default_flow_style=True).strip().removesuffix("...").strip()
        for e in log["log"]]
    return head + "".join(parts) + "\n".join(lines) + "\n"
