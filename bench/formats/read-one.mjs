// One read of a file by a format's benchmark module, in a process of its own so that its peak
// memory (measured by /usr/bin/time around it) is that read's: prints {seconds, channels, samples}.
import { performance } from 'node:perf_hooks';

const [modulePath, file] = process.argv.slice(2);
const format = await import(modulePath);
const start = performance.now();
const recording = await format.read(file);
const seconds = (performance.now() - start) / 1000;
const samples = recording.channels.reduce((sum, c) => sum + c.values.length, 0);
console.log(JSON.stringify({ seconds, channels: recording.channels.length, samples }));
