/**
 * Exports running beside the load: `loops` clients, each requesting the export again as soon as its
 * file has arrived, until the phase ends. A refusal (429 while exports are limited) is counted and
 * retried after a short pause; the export in flight when the phase ends is cut and not counted.
 */

export interface ExportFigures {
  loops: number;
  /** Whole files received, and the time each took from request to last byte (ms). */
  files: number[];
  bytes: number;
  throttled: number;
  otherStatuses: Record<string, number>;
  errors: number;
  /** Exports still streaming when the phase ended. */
  cut: number;
}

/** Longest an export may take before it counts as an error. */
const EXPORT_TIMEOUT_MS = 300_000;
/** Pause after a refusal, so a limited export is not retried in a tight loop. */
const RETRY_PAUSE_MS = 250;
/** Bound on the requests of one loop, whatever the answers. */
const MAX_REQUESTS_PER_LOOP = 10_000;

export interface ExportRequest {
  url: string;
  token: string;
  body: unknown;
}

/** One export from request to last byte; answers its status, size and duration. */
export async function exportOnce(
  request: ExportRequest,
  signal: AbortSignal,
): Promise<{ status: number; bytes: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(request.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `JWT ${request.token}` },
    body: JSON.stringify(request.body),
    signal: AbortSignal.any([signal, AbortSignal.timeout(EXPORT_TIMEOUT_MS)]),
  });
  let bytes = 0;
  for await (const chunk of response.body ?? []) bytes += (chunk as Uint8Array).byteLength;
  return { status: response.status, bytes, ms: performance.now() - started };
}

/** Runs the loops until `stop` aborts; answers once every loop has ended. */
export async function exportLoops(
  request: ExportRequest,
  loops: number,
  stop: AbortSignal,
): Promise<ExportFigures> {
  const figures: ExportFigures = {
    loops,
    files: [],
    bytes: 0,
    throttled: 0,
    otherStatuses: {},
    errors: 0,
    cut: 0,
  };
  const loop = async () => {
    for (let sent = 0; sent < MAX_REQUESTS_PER_LOOP && !stop.aborted; sent += 1) {
      try {
        const { status, bytes, ms } = await exportOnce(request, stop);
        if (status >= 200 && status < 300) {
          figures.files.push(ms);
          figures.bytes += bytes;
        } else if (status === 429) {
          figures.throttled += 1;
        } else {
          figures.otherStatuses[status] = (figures.otherStatuses[status] ?? 0) + 1;
        }
        if (status < 200 || status >= 300)
          await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
      } catch (error) {
        if (stop.aborted) figures.cut += 1;
        else {
          figures.errors += 1;
          process.stderr.write(`  export failed: ${error instanceof Error ? error.message : error}\n`);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: loops }, loop));
  return figures;
}
