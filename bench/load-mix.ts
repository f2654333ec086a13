/**
 * The requests of the load benchmark and the autocannon run that sends them: each kind of request gets
 * its own autocannon instance (its own connections and figures), and all of a phase run side by side.
 */
import autocannon from 'autocannon';

/** One kind of request: sent round-robin over its bodies, with per-request headers when given. */
export interface Endpoint {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Sent without the admin's token (a public route such as the sign-in code request). */
  anonymous?: boolean;
  /** Share of a phase's connections; every endpoint keeps at least one. */
  share: number;
  bodies?: readonly unknown[];
  /** Headers of the n-th request (e.g. its own client address), beside the common ones. */
  headersOf?: (n: number) => Record<string, string>;
}

export interface Figures {
  connections: number;
  seconds: number;
  /** Requests sent, and those answered (any status) before the phase ended. */
  sent: number;
  answered: number;
  /** Latencies of 2xx answers only, in ms; throttled and refused answers are counted apart. */
  p50: number;
  p99: number;
  ok: number;
  throttled: number;
  /** Other non-2xx statuses and how many of each. */
  otherStatuses: Record<string, number>;
  /** No answer: connection errors and timeouts (timeouts counted among them). */
  errors: number;
  timeouts: number;
}

/** Seconds a request may wait for its answer before it counts as an error. */
const REQUEST_TIMEOUT_S = 30;

/** Splits `total` connections by share (largest remainders first), at least one per endpoint. */
export function connectionsOf(endpoints: readonly Endpoint[], total: number): Map<Endpoint, number> {
  const shares = endpoints.reduce((sum, endpoint) => sum + endpoint.share, 0);
  const exact = endpoints.map((endpoint) => (total * endpoint.share) / shares);
  const split = exact.map(Math.floor);
  const byRemainder = exact.map((value, index) => [value - Math.floor(value), index] as const);
  byRemainder.sort((a, b) => b[0] - a[0]);
  let left = total - split.reduce((sum, value) => sum + value, 0);
  for (const [, index] of byRemainder) {
    if (left <= 0) break;
    split[index] = (split[index] ?? 0) + 1;
    left -= 1;
  }
  return new Map(endpoints.map((endpoint, index) => [endpoint, Math.max(1, split[index] ?? 0)]));
}

export async function run(
  baseUrl: string,
  endpoint: Endpoint,
  connections: number,
  seconds: number,
  token: string,
): Promise<Figures> {
  let sent = 0;
  const bodies = endpoint.bodies?.map((body) => JSON.stringify(body));
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    timeout: REQUEST_TIMEOUT_S,
    excludeErrorStats: true,
    requests: [
      {
        method: endpoint.method,
        path: `/${endpoint.path}`,
        setupRequest: (request) => {
          const n = sent;
          sent += 1;
          return {
            ...request,
            headers: {
              ...request.headers,
              ...(endpoint.anonymous ? {} : { authorization: `JWT ${token}` }),
              ...(bodies ? { 'content-type': 'application/json' } : {}),
              ...endpoint.headersOf?.(n),
            },
            ...(bodies ? { body: bodies[n % bodies.length] } : {}),
          };
        },
      },
    ],
  });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, stat]) => [status, stat.count ?? 0]),
  );
  const ok = Object.entries(statuses)
    .filter(([status]) => status.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  const otherStatuses = Object.fromEntries(
    Object.entries(statuses).filter(([status]) => !status.startsWith('2') && status !== '429'),
  );
  const answered = Object.values(statuses).reduce((sum, count) => sum + count, 0);
  return {
    connections,
    seconds: result.duration,
    sent: result.requests.sent,
    answered,
    p50: ok > 0 ? result.latency.p50 : Number.NaN,
    p99: ok > 0 ? result.latency.p99 : Number.NaN,
    ok,
    throttled: statuses['429'] ?? 0,
    otherStatuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
