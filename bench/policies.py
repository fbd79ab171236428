"""How the simulator's policies play: ``python bench/policies.py [--games 200] [--game relics]``.

For each game with a rules engine and each policy (``pnp simulate --policy``: random, greedy,
search), simulates GAMES games and prints what a player of the game would look at: games per
second; for the games won or lost by all (relics, the So Long, My World solo game and So Long,
My Love) the share won with its 95% Wilson interval, by difficulty and by Heartbreak; for the
others how often the first player wins and the winner's mean margin; the endings reached (each
game's own ways a game ends); for Kartomantik the Confrontation winners placed in the
Interzone and the cards whose abilities were used (and those never used); for relics and So
Long, My World the cards whose abilities were used. Every log is checked: it must be legal
and complete.

``--players N`` plays every game with N players; ``--mode co-op|solo|multiplayer`` (So Long,
My World) only the seeds whose setup is of that mode, so a sample of co-op games is as large
as asked. ``--write-docs`` puts the tables into ``docs/data/GAME.md`` (a section per run,
between ``<!-- bench:policies ... -->`` markers, replaced by the next run of the same options).
"""

from __future__ import annotations

import argparse
import math
import random
import re
import statistics
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rules_check.core.adjudicate import adjudicate  # noqa: E402
from rules_check.core.logfile import log_in_memory as in_memory  # noqa: E402
from rules_check.core.simulate import POLICIES, play  # noqa: E402
from rules_check.engines import engines  # noqa: E402

NAMES = ["Ana", "Ben", "Cleo", "Dario", "Eva"]
DOCS = REPO / "docs" / "data"
Z95 = 1.959964


def wilson(won: int, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a share ``won`` of ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = won / n
    d = 1 + Z95 ** 2 / n
    centre = (p + Z95 ** 2 / (2 * n)) / d
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def share(won: int, n: int) -> str:
    low, high = wilson(won, n)
    return f"{won} of {n} ({100 * won / n:.0f}%, 95% CI {100 * low:.0f}-{100 * high:.0f}%)"


# --- what a finished game shows, per game ------------------------------------------------------

def ending(game: str, state: Any, log: dict) -> str:
    """The way the game ended, in its rulebook's terms."""
    if game == "kartomantik":
        if state.loser is not None:
            return "a second consecutive Mulligan without a First Manifestation: that player loses (4.4.1)"
        if state.ended:
            return "a player could not draw to the hand limit (4.4.1, ruling K4)"
        return "other"
    if game == "relics":
        return "won: all three relics complete (Goal)" if state.won else "no challenge can be paid any more (Goal)"
    if game == "visions":
        if state.awakened is not None:
            return "a player reached the Awakening space (ruling V7)"
        if state.skips >= len(state.players):
            return "every player skipped in a row (ruling V8)"
        return "nothing left to play (ruling V8)"
    if game == "so-long-my-world":
        if state.mode == "co-op":
            if not state.goal_reached:
                return "the Heartbreak goal missed"
            if log.get("_won"):
                return "won: the goal and the Collective Insight reached"
            return "the goal reached, the Collective Insight short"
        if state.mode == "solo":
            if state.ending is not None:
                return f"ending {state.ending} " + ("(won: every Vision unlocked)" if state.ending_wins
                                                   else "(not a win)")
            if not any(v not in state.locked for v in state.clock):
                return "every Vision locked: game over, no ending"
            return "game over: the Path has no ending for how the game ended (ruling SL19)"
        return "the clock reached its last hour" if state.hour >= 12 else "other"
    return "-"


class Replacements:
    """Kartomantik reading K32: a "would end in a Stalemate" effect is offered as a choice
    (a ``choose:`` entry, no Stack item); it was used when its card paid its cost (exiled
    from the field: Loaded Dice) and the Confrontation got a winner instead."""

    def __init__(self) -> None:
        self.used: Counter = Counter()
        self._offered: str | None = None

    def __call__(self, state: Any, action: Any) -> None:
        if self._offered is not None:
            owner, name = self._offered.split("/", 1)
            if self._offered in state.zones.get(f"exile:{owner}") and state.winner is not None:
                self.used[name] += 1
            self._offered = None
        r = state.resolving
        if r is not None and r.item is None:
            self._offered = r.frame.source


def abilities_used(game: str, engine: Any, log: dict, state: Any, replaced: Counter | None = None) -> Counter:
    """Per card, how often its ability was used in the game.

    Kartomantik: a triggered effect put on the Stack (``effect:``), an activated effect
    (``activate:``), an Ephemeral or Persistent Will played (its effect, 2.3), a replacement
    taken (reading K32, `Replacements`), and a static
    ability once its card was where its text makes it apply (a static Will on the field, a
    static Manifestation in the Confrontation Zone or the Interzone) when the game ended or
    when it was played. relics: ``ability:`` entries. So Long, My World: a scripted card played
    (``play:``) and a Vision's effect used (``effect:``)."""
    used: Counter = Counter()
    entries = log["log"]
    if game == "kartomantik":
        pool = engine.pool
        for e in entries:
            if "effect" in e:
                used[e["effect"].split("/", 1)[1]] += 1
            elif "activate" in e:
                used[e["activate"].split("/", 1)[1]] += 1
            elif "play" in e:
                card = pool.get(e["play"])
                if card is None or card.script is None:
                    continue
                kinds = {a.kind for a in card.script.abilities}
                if card.type == "will" and kinds & {"effect", "static"}:
                    used[card.name] += 1
                elif "static" in kinds:  # a static Manifestation played in Support: it is in play
                    used[card.name] += 1
            elif "reveal" in e:
                for _p, name in e["reveal"].items():
                    card = pool.get(name)
                    if card is not None and card.script is not None and any(
                            a.kind == "static" for a in card.script.abilities):
                        used[card.name] += 1  # a static First Manifestation: in the Confrontation Zone
        used.update(replaced or {})
    elif game == "relics":
        for e in entries:
            if "ability" in e:
                used[e["ability"]] += 1
    elif game == "so-long-my-world":
        for e in entries:
            if "play" in e and e["play"] in engine.cards.cards and engine.cards.cards[e["play"]].script is not None:
                used[e["play"]] += 1
    return used


def ability_cards(game: str, engine: Any) -> list[str]:
    """Every card of the game with an ability, for the list of those never used."""
    if game == "kartomantik":
        return sorted(c.name for c in engine.pool.cards.values() if c.script is not None and c.script.abilities)
    if game == "relics":
        return sorted(n for n in engine.cards.names
                      if any(engine.cards.side(n, f).script is not None for f in ("day", "night")))
    if game == "so-long-my-world":
        return sorted({c for c in engine.cards.remnants if engine.cards.cards[c].script is not None})
    return []


def interzone_placings(log: dict) -> tuple[int, int]:
    """(manifestations the Confrontation's winner put in the Interzone, those put on the deck's
    bottom): Kartomantik 4.2.3."""
    inter = deck = 0
    for e in log["log"]:
        if "place" in e:
            inter += len(e.get("interzone") or [])
            deck += len(e.get("deck") or [])
    return inter, deck


# --- a run ---------------------------------------------------------------------------------------

@dataclass
class Run:
    game: str
    policy: str
    seconds: float = 0.0
    games: int = 0
    won: dict[str, list[bool]] = field(default_factory=lambda: defaultdict(list))
    points: list[int] = field(default_factory=list)
    margins: list[int] = field(default_factory=list)
    first: int = 0
    lengths: list[int] = field(default_factory=list)
    endings: Counter = field(default_factory=Counter)
    used: Counter = field(default_factory=Counter)
    interzone: int = 0
    to_deck: int = 0
    modes: Counter = field(default_factory=Counter)


def seeds(engine: Any, players: list[str], mode: str | None, n: int) -> list[int]:
    """The first ``n`` seeds (from 0) whose setup is of ``mode`` (every seed when None)."""
    if mode is None:
        return list(range(n))
    out, seed = [], 0
    while len(out) < n:
        setup = engine.random_setup(players, random.Random(seed))
        if (setup.get("mode") or "multiplayer") == mode:
            out.append(seed)
        seed += 1
        if seed > 1000 * n + 1000:
            raise SystemExit(f"no setup of mode {mode} with {len(players)} players")
    return out


def run(game: str, engine: Any, policy: str, games: int, n_players: int | None, mode: str | None) -> Run:
    r = Run(game, policy)
    low, high = engine.players
    plan = []
    if n_players is not None:
        plan = [(NAMES[:n_players], s) for s in seeds(engine, NAMES[:n_players], mode, games)]
    else:
        plan = [(NAMES[:low + s % (high - low + 1)], s) for s in range(games)]
    start = time.perf_counter()
    for players, seed in plan:
        watch = Replacements() if game == "kartomantik" else None
        log, state = play(engine, players, seed, policy, watch)
        report = adjudicate(in_memory(log), engine)
        assert report.legal and report.complete, (game, policy, seed, report.violations)
        r.games += 1
        r.lengths.append(len(log["log"]))
        setup = log["setup"] if isinstance(log["setup"], dict) else {}
        m = setup.get("mode") or ("solo" if len(players) == 1 else "multiplayer")
        r.modes[m] += 1
        alone = len(players) == 1 or m == "co-op"
        if alone:  # one result for all: won or lost
            key = setup.get("difficulty") or (f"co-op: {setup['heartbreak']}" if m == "co-op" else m)
            r.won[key].append(report.winner is not None)
            r.points.append(sum(report.scores.values()))
        else:
            ranked = sorted(report.scores.values(), reverse=True)
            r.margins.append(ranked[0] - ranked[1])
            r.first += report.winner == players[0]
        r.endings[ending(game, state, {**log, "_won": report.winner is not None})] += 1
        r.used.update(abilities_used(game, engine, log, state, watch.used if watch is not None else None))
        if game == "kartomantik":
            i, d = interzone_placings(log)
            r.interzone += i
            r.to_deck += d
    r.seconds = time.perf_counter() - start
    return r


def summary(r: Run) -> str:
    parts = [f"{r.games / r.seconds:.2f} games/s ({r.seconds / r.games:.2f} s/game)"]
    if r.won:
        all_won = [w for ws in r.won.values() for w in ws]
        groups = "; ".join(f"{k} {share(sum(w), len(w))}" for k, w in sorted(r.won.items()))
        parts.append(f"won {share(sum(all_won), len(all_won))} [{groups}]")
    if r.margins:
        parts.append(f"first player wins {100 * r.first / len(r.margins):.0f}% of {len(r.margins)}, winner's mean "
                     f"margin {statistics.mean(r.margins):.1f}")
    parts.append(f"{statistics.mean(r.lengths):.0f} entries")
    parts.append("endings: " + "; ".join(f"{k}: {v}" for k, v in r.endings.most_common()))
    if r.game == "kartomantik":
        parts.append(f"winners' manifestations placed in the Interzone {r.interzone}, on the deck's bottom "
                     f"{r.to_deck}")
    return f"{r.game:18} {r.policy:7} " + "; ".join(parts)


def markdown(game: str, engine: Any, runs: list[Run], label: str, command: str) -> str:
    out = [f"Measured by `{command}` (every log checked legal and complete; {label}):", ""]
    cols = ["policy", "games/s"]
    has_won = any(r.won for r in runs)
    has_margin = any(r.margins for r in runs)
    if has_won:
        cols.append("won (95% Wilson CI)")
    if has_margin:
        cols += ["first player wins", "winner's mean margin"]
    cols.append("mean entries")
    if game == "kartomantik":
        cols.append("winners placed in the Interzone / on the deck")
    out += ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    for r in runs:
        row = [f"`{r.policy}`", f"{r.games / r.seconds:.2f}"]
        if has_won:
            all_won = [w for ws in r.won.values() for w in ws]
            row.append(share(sum(all_won), len(all_won)) if all_won else "-")
        if has_margin:
            row += [f"{100 * r.first / len(r.margins):.0f}% of {len(r.margins)}" if r.margins else "-",
                    f"{statistics.mean(r.margins):.1f}" if r.margins else "-"]
        row.append(f"{statistics.mean(r.lengths):.0f}")
        if game == "kartomantik":
            row.append(f"{r.interzone} / {r.to_deck}")
        out.append("| " + " | ".join(row) + " |")
    groups = sorted({k for r in runs for k in r.won})
    if len(groups) > 1:
        out += ["", "Won, by " + ("difficulty" if game == "relics" else "Heartbreak or mode") + ":", "",
                "| | " + " | ".join(f"`{r.policy}`" for r in runs) + " |", "|---|" + "---|" * len(runs)]
        for k in groups:
            out.append(f"| {k} | " + " | ".join(share(sum(r.won[k]), len(r.won[k])) if r.won.get(k) else "-"
                                                for r in runs) + " |")
    endings = sorted({k for r in runs for k in r.endings})
    out += ["", "Endings reached (games):", "", "| ending | " + " | ".join(f"`{r.policy}`" for r in runs) + " |",
            "|---|" + "---|" * len(runs)]
    for k in endings:
        out.append(f"| {k} | " + " | ".join(str(r.endings.get(k, 0)) for r in runs) + " |")
    cards = ability_cards(game, engine)
    if cards:
        total: Counter = Counter()
        for r in runs:
            total.update(r.used)
        out += ["", "Cards whose abilities were used (" + ", ".join(
            f"`{r.policy}`: {sum(1 for c in cards if r.used.get(c))} of {len(cards)}" for r in runs)
            + f"; all policies together: {sum(1 for c in cards if total.get(c))} of {len(cards)}).", ""]
        never = [c for c in cards if not total.get(c)]
        out.append("Never used in these games: " + (", ".join(never) if never else "none") + ".")
        rare = sorted(((total[c], c) for c in cards if total.get(c)))[:8]
        if rare:
            out.append("Least used: " + ", ".join(f"{c} ({n})" for n, c in rare) + ".")
    return "\n".join(out) + "\n"


def write_docs(game: str, key: str, text: str) -> Path:
    """Put ``text`` between this run's markers in docs/data/GAME.md (appended the first time)."""
    path = DOCS / f"{game}.md"
    doc = path.read_text()
    start, end = f"<!-- bench:policies {key} -->", f"<!-- /bench:policies {key} -->"
    block = f"{start}\n{text}{end}"
    if start in doc:
        doc = re.sub(re.escape(start) + ".*?" + re.escape(end), lambda _m: block, doc, flags=re.S)
    else:
        doc = doc.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(doc)
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    ap.add_argument("--policy", action="append", choices=POLICIES, help="only this policy (repeatable)")
    ap.add_argument("--players", type=int, help="every game with this many players")
    ap.add_argument("--mode", choices=("co-op", "solo", "multiplayer"),
                    help="So Long, My World: only setups of this mode")
    ap.add_argument("--write-docs", action="store_true", help="write the tables into docs/data/GAME.md")
    args = ap.parse_args()
    policies = args.policy or list(POLICIES)
    for game, engine in engines().items():
        if args.game and game not in args.game:
            continue
        runs = []
        for policy in policies:
            r = run(game, engine, policy, args.games, args.players, args.mode)
            runs.append(r)
            print(summary(r), flush=True)
        cmd = ["python bench/policies.py", f"--game {game}", f"--games {args.games}"]
        cmd += [f"--players {args.players}"] if args.players else []
        cmd += [f"--mode {args.mode}"] if args.mode else []
        cmd += [f"--policy {p}" for p in args.policy or ()]
        label = (f"{args.players} player{'s' * (args.players != 1)}" if args.players
                 else f"{engine.player_range()} in turn")
        if args.mode:
            label += f", {args.mode} setups only"
        modes = runs[0].modes  # every policy plays the same seeds
        label += "; modes " + ", ".join(f"{m} {n}" for m, n in sorted(modes.items())) if game == "so-long-my-world" \
            else ""
        text = markdown(game, engine, runs, label, " ".join(cmd))
        if args.write_docs:
            key = " ".join(x for x in (f"players={args.players}" if args.players else "", args.mode or "",
                                       *(args.policy or ())) if x) or "default"
            print(f"wrote {write_docs(game, key, text).relative_to(REPO)}")
        else:
            print(text)


if __name__ == "__main__":
    main()
