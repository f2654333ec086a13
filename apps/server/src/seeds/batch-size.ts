/**
 * Rows per batch sized by time: each batch is timed and the next one sized so it takes about `targetMs`,
 * from a smoothed time per row (one slow batch, the machine busy for a moment, does not halve the next).
 */
export class TimedBatchSize {
  private msPerRow: number | undefined;
  private size: number;

  constructor(private readonly options: { targetMs: number; initial: number; min: number; max: number }) {
    this.size = options.initial;
  }

  next(): number {
    return this.size;
  }

  /** A batch of `rows` rows took `ms`. */
  took(rows: number, ms: number): void {
    if (rows <= 0) return;
    const measured = ms / rows;
    this.msPerRow = this.msPerRow === undefined ? measured : 0.6 * this.msPerRow + 0.4 * measured;
    const { targetMs, min, max } = this.options;
    // Grows at most twice over per batch, so a batch timed while the machine idled cannot overshoot far.
    const wanted = Math.min(Math.floor(targetMs / this.msPerRow), this.size * 2);
    this.size = Math.max(min, Math.min(max, wanted));
  }
}

/** The same size every batch (PostgreSQL, and tests). */
export function fixedBatchSize(size: number): Pick<TimedBatchSize, 'next' | 'took'> {
  return { next: () => size, took: () => undefined };
}
