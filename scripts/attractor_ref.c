/* The C yardstick of scripts/bench.py: one attractor with exact ranks, from the arena's
 * arrays, in plain C (gcc -O2). It is what a compiled solver cannot beat by much.
 *
 * Input, the arrays arena.solve reads: offsets[n + 1] and targets[m] (int64, CSR: the
 * successors of x are targets[offsets[x] .. offsets[x + 1] - 1]), owner[n] (uint8, 0 or 1)
 * and victory[n] (uint8: 0 or 1 for V0 or V1, 2 elsewhere).
 * Output: rank[n] (int64), the rank of each vertex in the attractor of player i, -1
 * outside it. Work arrays: pred[m], bounds[n + 1], remaining[n], queue[n] (int64), given
 * by the caller so that the C code does no allocation.
 *
 * Method: the reversed graph by a counting sort (edges out of victory vertices left out),
 * then a breadth-first search backwards from V_i: a vertex of i joins at its first
 * successor in the attractor, a vertex of 1-i when its last successor joins. Victory
 * vertices of 1-i never join. O(n + m).
 */
#include <stdint.h>

void attractor(int64_t n, const int64_t *offsets, const int64_t *targets,
               const uint8_t *owner, const uint8_t *victory, int64_t i,
               int64_t *rank, int64_t *pred, int64_t *bounds, int64_t *remaining,
               int64_t *queue)
{
    int64_t x, e, head = 0, tail = 0;

    for (x = 0; x <= n; x++)
        bounds[x] = 0;
    for (x = 0; x < n; x++)
        if (victory[x] == 2)
            for (e = offsets[x]; e < offsets[x + 1]; e++)
                bounds[targets[e] + 1]++;
    for (x = 0; x < n; x++)
        bounds[x + 1] += bounds[x];
    for (x = 0; x < n; x++)      /* remaining[] serves as the fill cursor first */
        remaining[x] = bounds[x];
    for (x = 0; x < n; x++)
        if (victory[x] == 2)
            for (e = offsets[x]; e < offsets[x + 1]; e++)
                pred[remaining[targets[e]]++] = x;

    for (x = 0; x < n; x++) {
        remaining[x] = offsets[x + 1] - offsets[x];
        rank[x] = -1;
        if (victory[x] == i) {
            rank[x] = 0;
            queue[tail++] = x;
        }
    }
    while (head < tail) {
        int64_t y = queue[head++], r = rank[y] + 1;
        for (e = bounds[y]; e < bounds[y + 1]; e++) {
            x = pred[e];
            if (rank[x] >= 0)
                continue;
            if (owner[x] == i || --remaining[x] == 0) {
                rank[x] = r;
                queue[tail++] = x;
            }
        }
    }
}
