/**
 * CPU time of a process tree by kind of process (Linux /proc): for a Chromium the bench started, its browser
 * process, network service, renderers and the rest, read before and after a round and divided by its calls. On a
 * machine short of cores, at concurrency 10, a call mostly waits for a core, so the CPU every process spends on it
 * sets the rate: this says where a call's CPU goes, which wall-clock traces of one thread cannot.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Kinds of process, as Chromium names them on its command line, plus the bench's own (the sandbox's). */
export type ProcessKind = 'browser' | 'network' | 'renderer' | 'other' | 'sandbox';

export type CpuByKind = Record<ProcessKind, number>;

const TICK_MS = 10; // USER_HZ is 100 on Linux

function noCpu(): CpuByKind {
  return { browser: 0, network: 0, renderer: 0, other: 0, sandbox: 0 };
}

interface ProcInfo {
  pid: number;
  parent: number;
  cpuMs: number;
}

function readProc(pid: string): ProcInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      pid: Number(pid),
      parent: Number(fields[1]),
      cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
    };
  } catch {
    return undefined; // gone meanwhile
  }
}

function kindOf(pid: number, root: number): ProcessKind {
  if (pid === root) return 'browser';
  let command = '';
  try {
    command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return 'other';
  }
  if (command.includes('--type=renderer')) return 'renderer';
  if (command.includes('network.mojom.NetworkService')) return 'network';
  return 'other';
}

/** CPU so far of `root` and every process below it, by kind, and of this process as 'sandbox'. */
export function treeCpu(root: number): CpuByKind {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(readProc)
    .filter((info): info is ProcInfo => info !== undefined);
  const children = new Map<number, ProcInfo[]>();
  for (const info of all) children.set(info.parent, [...(children.get(info.parent) ?? []), info]);
  const totals = noCpu();
  const stack = all.filter((info) => info.pid === root);
  while (stack.length) {
    const info = stack.pop()!;
    totals[kindOf(info.pid, root)] += info.cpuMs;
    stack.push(...(children.get(info.pid) ?? []));
  }
  const own = process.cpuUsage();
  totals.sandbox = (own.user + own.system) / 1000;
  return totals;
}

/** Whether /proc can be read here (Linux); elsewhere the figures are left out. */
export function canReadProcessCpu(): boolean {
  return readProc(String(process.pid)) !== undefined;
}

/** CPU per call (ms) of each kind between two readings. */
export function perCall(before: CpuByKind, after: CpuByKind, calls: number): CpuByKind {
  const result = noCpu();
  for (const kind of Object.keys(result) as ProcessKind[]) result[kind] = (after[kind] - before[kind]) / calls;
  return result;
}

export function totalOf(cpu: CpuByKind): number {
  return cpu.browser + cpu.network + cpu.renderer + cpu.other + cpu.sandbox;
}
