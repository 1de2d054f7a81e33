/** Describes the machine a run happened on, for results.json and the README table. */
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import type { MachineInfo } from './results.ts';

export function describeMachine(chromium: string, loadAtStart: number): MachineInfo {
  const processors = cpus();
  return {
    os: `${type()} ${release()} (${process.platform}/${process.arch})`,
    cpus: processors[0]?.model.trim() ?? 'unknown',
    cpuCount: processors.length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    chromium,
    loadAverage: { start: loadAtStart, end: currentLoad() },
  };
}

export function currentLoad(): number {
  return Math.round((loadavg()[0] ?? 0) * 100) / 100;
}
