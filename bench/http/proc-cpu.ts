import fs from 'node:fs';

/**
 * CPU time (ms) the given processes have used so far, from /proc (Linux; 0 elsewhere). On a machine shared with
 * other work the wall-clock rate depends on what else runs; the CPU spent per acknowledged command does not.
 */
export function cpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + statCpuMs(`/proc/${pid}/stat`), 0);
}

/** CPU time (ms) of one process or thread, from its /proc stat file. */
export function statCpuMs(file: string): number {
  try {
    // fields after the command name (which may hold spaces): state is the 1st, utime the 12th, stime the 13th
    const stat = fs.readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
  } catch {
    return 0; // gone, or not Linux
  }
}
