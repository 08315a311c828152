// The longest increasing subsequence: the items already in the right relative order, which
// therefore stay where they are while every other item is moved. O(n log n).

/** Indexes into `ranks` of one longest strictly increasing subsequence. */
export function longestIncreasingSubsequence(ranks: readonly number[]): number[] {
  // tails[k]: index of the smallest tail of an increasing run of length k + 1.
  const tails: number[] = [];
  const previous: number[] = new Array(ranks.length).fill(-1);
  for (let i = 0; i < ranks.length; i++) {
    const rank = ranks[i]!;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (ranks[tails[middle]!]! < rank) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[i] = tails[low - 1]!;
    tails[low] = i;
  }
  const result: number[] = [];
  for (let i = tails.length > 0 ? tails[tails.length - 1]! : -1; i !== -1; i = previous[i]!) result.push(i);
  return result.reverse();
}
