"""How well the league's intervals (AI.md §3.3) agree with a bootstrap over deals, on a league
already played (``zhengfen league ... --db FILE``): for each agent, the model's standard error
(from the weighted least-squares fit's covariance; "unscaled": before its scaling by
``chi2/dof``) beside the bootstrap's (deals drawn with replacement, the same draw for every
pair, ratings refitted ``--rounds`` times), and their ratio. Nothing is played. Run:
``python benches/bench_league.py --db FILE --name NAME [--rounds 1000]``."""

from __future__ import annotations

import argparse

from zhengfen.league import Store, bootstrap, fit, ratings
from zhengfen.league.standings import pairing


def main() -> None:
    """Prints the league's table and the model's and the bootstrap's standard errors."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--db", required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("--rounds", type=int, default=1000)
    args = parser.parse_args()
    table = ratings(args.db, args.name)
    store = Store.open(args.db, write=False)
    games = store.games(args.name)
    store.close()
    agents = sorted({agent for pair in games for agent in pair})
    pairings = [pairing(first, second, found) for (first, second), found in games.items()]
    model = fit(agents, pairings)
    boot = bootstrap(agents, pairings, args.rounds)
    print(table.markdown())
    scale = max(1.0, model.chi2 / model.dof) if model.dof > 0 else 1.0
    print(f"\nchi2 {model.chi2:.1f} on {model.dof} dof: the covariance scaled by {scale:.2f}\n")
    print("| agent | rating | model s.e. | unscaled | bootstrap s.e. | bootstrap / model |")
    print("|---|---|---|---|---|---|")
    for i, agent in enumerate(agents):
        se = model.standard_error(i)
        bare = se / scale**0.5
        row = f"| {agent} | {model.ratings[i]:+.1f} | {se:.2f} | {bare:.2f} | {boot[i]:.2f} |"
        print(f"{row} {boot[i] / se:.2f} |")


if __name__ == "__main__":
    main()
