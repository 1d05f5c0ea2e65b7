/**
 * One cached promise per file of on-demand code (stripe-js's loader does the same): every open
 * after the first gets the same, already settled promise, so the code of an open runs in the task
 * of open() once it is here; a failed download is forgotten, so the next open() tries again.
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
