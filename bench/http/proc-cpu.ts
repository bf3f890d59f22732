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

/**
 * Time (ms) the processes' threads have spent runnable but waiting for a core so far: the run-queue delay, the
 * second field of /proc/<pid>/task/<tid>/schedstat (Linux with schedstats; 0 elsewhere). On two cores shared by
 * the server, the database and the load generator, it tells how long each waited for the others. `mainThreadOnly`:
 * each process's main thread alone.
 */
export function runQueueWaitMs(pids: number[], mainThreadOnly = false): number {
  let ns = 0;
  for (const pid of pids) {
    let tasks: string[] = [];
    try {
      // a process's main thread is the task whose id is the process's
      tasks = mainThreadOnly ? [String(pid)] : fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue; // gone, or not Linux
    }
    for (const tid of tasks) {
      try {
        ns += Number(fs.readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[1]);
      } catch {
        // a thread that ended meanwhile
      }
    }
  }
  return ns / 1e6;
}

/** The whole machine's CPU time so far, busy and in all, in USER_HZ ticks (/proc/stat; zeros elsewhere). */
export function machineTicks(): { busy: number; total: number } {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const t = fields.slice(0, 8).map(Number); // user nice system idle iowait irq softirq steal
    const total = t.reduce((a, b) => a + b, 0);
    return { busy: total - t[3]! - t[4]!, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}
