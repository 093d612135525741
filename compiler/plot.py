"""`sgs simulate --plot FILE.svg`: the run's win rates by role and by general and the
histogram of game lengths, drawn with matplotlib (the Agg backend: no display needed).

The SVG keeps its text as text (svg.fonttype none): role and general names stay searchable
and are drawn by the viewer's fonts, so CJK names show even where matplotlib has no CJK font.
The file carries no date and a fixed hash salt: the same run draws the same bytes.
"""
from __future__ import annotations

import warnings


def plot_simulation(report: dict, turns, path: str) -> None:
    """``turns``: the games' lengths, as a list or as a count of games by length (a Counter:
    what `sgs simulate` keeps, whatever the number of games)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    even = 1 / max(report["players"], 1)
    roles = list(report["win_rate_by_role"].items())
    generals = sorted(report["win_rate_by_general"].items(), key=lambda kv: kv[1])
    rc = {"svg.fonttype": "none", "svg.hashsalt": "sgs", "font.family": "sans-serif",
          "font.sans-serif": ["Noto Sans CJK SC", "Source Han Sans SC", "WenQuanYi Micro Hei", "DejaVu Sans"]}
    with plt.rc_context(rc), warnings.catch_warnings():
        # text kept as text: a glyph matplotlib's fonts lack only changes its measure of the label
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        warnings.filterwarnings("ignore", message="findfont")
        fig = plt.figure(figsize=(11, max(6.5, 0.24 * len(generals) + 1.5)), layout="constrained")
        grid = fig.add_gridspec(2, 2, width_ratios=[1, 1.1])
        ax_role = fig.add_subplot(grid[0, 0])
        ax_len = fig.add_subplot(grid[1, 0])
        ax_gen = fig.add_subplot(grid[:, 1])

        ax_role.bar([r for r, _ in roles], [v for _, v in roles], color="#b8860b")
        ax_role.axhline(even, color="grey", linestyle="--", linewidth=1)
        ax_role.set_title("win rate by role")
        ax_role.set_ylim(0, 1)
        for k, (_, v) in enumerate(roles):
            ax_role.text(k, v + 0.02, f"{v:.0%}", ha="center")

        ax_gen.barh([g for g, _ in generals], [v for _, v in generals], color="#3a5fcd")
        ax_gen.axvline(even, color="grey", linestyle="--", linewidth=1)
        ax_gen.set_title("win rate by general")
        ax_gen.set_xlim(0, 1)

        if turns:
            counts = turns if isinstance(turns, dict) else None
            values = sorted(counts) if counts is not None else turns
            weights = [counts[v] for v in values] if counts is not None else None
            bins = range(min(values), max(values) + 2, max(1, (max(values) - min(values) + 1) // 30 or 1))
            ax_len.hist(values, bins=list(bins), weights=weights, color="#888888")
        ax_len.set_title(f"game length ({report['games']} games)")
        ax_len.set_xlabel("turns")
        ax_len.set_ylabel("games")
        fig.suptitle(f"sgs simulate: {report['games']} games, {report['players']} players, "
                     f"agents {report['agents']}, seed {report['seed']}")
        fig.savefig(path, format="svg", metadata={"Date": None})
        plt.close(fig)
