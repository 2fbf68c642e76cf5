/**
 * Settles as `work` does, or rejects with "`what` did not finish within `ms` ms" if it takes longer
 * (`work` keeps running; its late rejection, if any, is handled).
 */
export async function withTimeout(work: Promise<unknown>, ms: number, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
