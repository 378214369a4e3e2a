/** Benchmark helpers: wall time, peak RSS sampling, percentiles. */
export function peakRssSampler(intervalMs = 50): { stop(): number } {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage().rss);
    },
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const mb = (bytes: number) => `${(bytes / (1 << 20)).toFixed(0)} MB`;

export function flag(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** A bad command line: its message is printed with the usage, exit code 2. */
export class BenchUsageError extends Error {}

/** Walks `--flag [value]` options; `on` handles one flag (reading its value through `value`) and returns false for an unknown one. */
export function readOptions(argv: readonly string[], on: (flag: string, value: () => string) => boolean): void {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new BenchUsageError(`${a} needs a value`);
      return v;
    };
    if (!on(a, value)) throw new BenchUsageError(`unknown option ${a}`);
  }
}

/** Parses the arguments and runs the bench; a usage error prints the message and the usage and sets exit code 2. */
export async function runWithArgs<A>(argv: string[], parse: (argv: string[]) => A, usage: string, body: (args: A) => Promise<void>): Promise<void> {
  let args: A;
  try {
    args = parse(argv);
  } catch (err) {
    if (!(err instanceof BenchUsageError)) throw err;
    console.error(`${err.message}\n${usage}`);
    process.exitCode = 2;
    return;
  }
  await body(args);
}
