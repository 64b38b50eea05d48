# Kayles: a move knocks down 1 pin or 2 adjacent pins from a row of n, leaving two rows (either may
# be empty). Plain brute force: a loop over n, a set of the XORs of the two rows left, a mex.
# Usage: python3 kayles.py N  -> prints the JSON list G(0..=N).
import json
import sys

N = int(sys.argv[1])
g = [0] * (N + 1)
for n in range(N + 1):
    s = set()
    for t in (1, 2):
        for a in range(0, (n - t) // 2 + 1):
            s.add(g[a] ^ g[n - t - a])
    m = 0
    while m in s:
        m += 1
    g[n] = m
print(json.dumps(g))
