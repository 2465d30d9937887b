// One read of a file by a format's benchmark module, in a process of its own so that its peak
// memory (measured by /usr/bin/time around it) is that read's: prints {seconds, cpu, channels,
// samples} (cpu: the process's CPU seconds during the read, all its threads: on a machine shared
// with other work the wall-clock seconds grow, the CPU seconds much less).
import { performance } from 'node:perf_hooks';

const [modulePath, file] = process.argv.slice(2);
const format = await import(modulePath);
const start = performance.now();
const cpu0 = process.cpuUsage();
const recording = await format.read(file);
const seconds = (performance.now() - start) / 1000;
const used = process.cpuUsage(cpu0);
const cpu = (used.user + used.system) / 1e6;
const samples = recording.channels.reduce((sum, c) => sum + c.values.length, 0);
console.log(JSON.stringify({ seconds, cpu, channels: recording.channels.length, samples }));
