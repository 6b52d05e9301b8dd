#!/usr/bin/env python3
"""Pools JMH forks across result files: one mean per fork (its iterations averaged), then the mean
and standard error over all forks of a benchmark, and the ratio of each benchmark to a named peer.

usage: pool_forks.py PEER_SUFFIX:TARGET_SUFFIX[,...] file.json...
e.g.   pool_forks.py getHandWritten:getGenerated,readHandFfm:readGeneratedView results/run1[68]*.json
The ratio's error is propagated from both standard errors (first order)."""
import json, math, statistics, sys


def forks(files):
    out = {}
    for f in files:
        for b in json.load(open(f)):
            name = '.'.join(b['benchmark'].split('.')[-2:])
            out.setdefault(name, []).extend(sum(it) / len(it) for it in b['primaryMetric']['rawData'])
    return out


def main():
    pairs = [p.split(':') for p in sys.argv[1].split(',')]
    data = forks(sys.argv[2:])
    stats = {n: (statistics.mean(x), statistics.stdev(x) / math.sqrt(len(x)), len(x)) for n, x in data.items() if len(x) > 1}
    for n, (m, se, k) in sorted(stats.items()):
        print(f"{n:48s} forks={k:3d} mean={m:.3f} ns/op  se={se:.3f}")
    for peer, target in pairs:
        p = next(v for n, v in stats.items() if n.endswith('.' + peer))
        t = next(v for n, v in stats.items() if n.endswith('.' + target))
        r = t[0] / p[0]
        err = r * math.sqrt((t[1] / t[0]) ** 2 + (p[1] / p[0]) ** 2)
        print(f"{target} / {peer} = {r:.3f} ± {err:.3f}")


if __name__ == '__main__':
    main()
