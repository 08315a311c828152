// The two waits of a plan's walk that must not outlive it: for a cancellation, and for the end
// of the time the calls in flight are given once one came. Each can be dropped, so that neither
// a listener nor a timer keeps the process alive after the walk.

/** Resolves when `signal` aborts (never when there is none); `dispose` drops the listener. */
export function abortion(signal: AbortSignal | undefined): { promise: Promise<void>; dispose(): void } {
  if (!signal) return { promise: new Promise<void>(() => {}), dispose: () => {} };
  let listener = () => {};
  const promise = new Promise<void>((resolve) => {
    listener = () => resolve();
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", listener, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener("abort", listener) };
}

/** Resolves after `ms`; `dispose` cancels the timer so that it keeps no process alive. */
export function delay(ms: number): { promise: Promise<void>; dispose(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return { promise, dispose: () => clearTimeout(timer) };
}
