/** The shape of one benchmark figure, shared by every bench module, the report and bench/results.json. */

export interface Measured {
  /** A median, unless the note says otherwise. */
  value: number;
  unit: 'ms' | 'signatures/s' | 'KB' | '×' | 'lines/s' | 'calls/s';
  /** Every sample behind the median, for whoever wants to look at the spread. */
  samples?: number[];
  /** Shown instead of the number when the number alone would mislead (e.g. '< 50 ms' for "no long task"). */
  text?: string;
}

export interface BenchRow {
  /** Which benchmark: 'Signing (Node)', 'Popup', … */
  group: string;
  figure: string;
  ours: Measured;
  /** What the figure is compared with, measured in the same run. */
  anchor?: Measured & { label: string };
  /**
   * How many times better ours is than the anchor: ours/anchor for rates, anchor/ours for times and sizes.
   * Above 1 means ours wins.
   */
  ratio?: number;
  /** Human wording of the target, e.g. '≥ 3× anchor' or '≤ 50 ms'. */
  target?: string;
  /** Whether the target was met; absent when the row has no target. */
  met?: boolean;
  note?: string;
}

export interface MachineInfo {
  os: string;
  cpus: string;
  cpuCount: number;
  memoryGiB: number;
  node: string;
  chromium: string;
  /** 1-minute load average when the run started and ended: the machine is shared, this says how much. */
  loadAverage: { start: number; end: number };
}

export interface BenchResults {
  date: string;
  machine: MachineInfo;
  durationSeconds: number;
  /** True when only some benchmarks ran (--only): such results never replace bench/latest.md. */
  partial: boolean;
  rows: BenchRow[];
  /** Benchmarks that could not run, with the reason. */
  skipped: { group: string; reason: string }[];
}

/** Lower-is-better comparison: the ratio is anchor / ours. */
export function compareTimes(ours: number, anchor: number): number {
  return anchor / ours;
}

/** Higher-is-better comparison: the ratio is ours / anchor. */
export function compareRates(ours: number, anchor: number): number {
  return ours / anchor;
}
