// The machine's load around a benchmark (issue 31 point 6): every benchmark prints the load average and the core
// count when it starts and when it ends, and says BUSY MACHINE when the 1-minute load average is above the number of
// cores at either moment, so a figure taken while other work shared the cores is never read as a quiet machine's.
import fs from 'node:fs';
import os from 'node:os';

export interface LoadSample {
  at: string;
  load1: number;
  load5: number;
  cores: number;
}

function sample(): LoadSample {
  const [load1 = 0, load5 = 0] = os.loadavg();
  return { at: new Date().toISOString().slice(0, 19).replace('T', ' '), load1, load5, cores: os.cpus().length };
}

const line = (when: string, s: LoadSample) =>
  `${when} ${s.at} UTC: load average ${s.load1.toFixed(2)} (5 min ${s.load5.toFixed(2)}) on ${s.cores} cores` +
  (s.load1 > s.cores ? ' - BUSY MACHINE: the figures include waits for a core' : '');

/**
 * Prints the load at the start of benchmark `name`; `end()` prints it again with the start's, and a closing verdict
 * line ("BUSY MACHINE" or "quiet machine") that the docs quote beside the figure.
 */
export function machineLoad(name: string) {
  const start = sample();
  console.log(`[${name}] ${line('start', start)}`);
  return {
    start,
    end() {
      const end = sample();
      console.log(`[${name}] ${line('end', end)}`);
      const busy = start.load1 > start.cores || end.load1 > end.cores;
      console.log(
        `[${name}] load average ${start.load1.toFixed(2)} at the start, ${end.load1.toFixed(2)} at the end, ` +
          `${end.cores} cores: ${busy ? 'BUSY MACHINE (figures are upper bounds)' : 'quiet machine'}`,
      );
      return { start, end, busy };
    },
  };
}

/** Peak resident memory of this process as the operating system counts it (VmHWM of /proc/self/status), in MB. */
export function peakRssMb(): number | null {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const m = /^VmHWM:\s+(\d+) kB/m.exec(status);
    return m ? Number(m[1]) / 1024 : null;
  } catch (err) {
    console.warn(`VmHWM not readable: ${(err as Error).message}`);
    return null;
  }
}

/**
 * Peak (VmHWM) and current (VmRSS) resident memory of process `pid` as the kernel counts them, in MB: a server or
 * worker the benchmark started. Read it before the process exits.
 */
export function processMemory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
}
