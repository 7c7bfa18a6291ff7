/**
 * `fn` with its answers remembered for the words met lately: at most `max` words, forgotten all at once when full.
 * For the functions of one word that a search calls for each pair of words it compares (skeletons, folded
 * spellings): the same words come back from name to name, and building the answer allocates strings each time.
 */
export function rememberedPerWord<T>(fn: (word: string) => T, max = 100_000): (word: string) => T {
  const seen = new Map<string, T>();
  return (word) => {
    let v = seen.get(word);
    if (v === undefined) {
      v = fn(word);
      if (seen.size >= max) seen.clear();
      seen.set(word, v);
    }
    return v;
  };
}
