// Lines of numbers from a serial device (a microcontroller printing one sample per line), parsed
// as the bytes arrive: a read may end anywhere (in a number, between \r and \n, inside a UTF-8
// character), so the unfinished line is kept until its end arrives, and no sample is lost or read
// twice. Formats: 't,ch1,ch2…' (the device's own time in seconds, kept as measured) or 'ch1,ch2…'
// at a stated rate. Separators: comma, semicolon, tab or spaces. A line that is not numbers (a
// header, a boot message) is skipped and counted; a line with another number of values is
// skipped and counted too (`skipped`, with the first such line for the message).

const SEPARATORS = /[,;\t ]+/;

export class SerialLineParser {
  /** timed: the first value of a line is its time (s); channels: the values per line after it (null: from the first line). */
  constructor({ timed = true, channels = null } = {}) {
    this.timed = timed;
    this.channels = channels;
    this.decoder = new TextDecoder();
    this.partial = '';
    this.skipped = 0;
    this.firstSkipped = null;
    this.lines = 0;
  }

  /**
   * Parses the bytes (Uint8Array) or text of one read; returns the complete lines' samples as
   * {times: number[] (timed) | null, values: number[][] (one array per channel)}.
   */
  push(chunk) {
    const text = typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop();
    return this.parse(lines);
  }

  /** The last line when the stream ends without a line break. */
  end() {
    const rest = this.partial + this.decoder.decode();
    this.partial = '';
    return this.parse(rest.trim() === '' ? [] : [rest]);
  }

  parse(lines) {
    const times = this.timed ? [] : null;
    let values = this.channels ? Array.from({ length: this.channels }, () => []) : null;
    for (const raw of lines) {
      const line = raw.replace(/\r$/, '').trim();
      if (line === '') continue;
      this.lines += 1;
      const fields = line.split(SEPARATORS);
      const numbers = fields.map(Number);
      const count = fields.length - (this.timed ? 1 : 0);
      if (fields.some((f) => f === '') || numbers.some((x) => !Number.isFinite(x)) || count < 1) {
        this.skip(line);
        continue;
      }
      if (this.channels === null) {
        this.channels = count;
        values = Array.from({ length: count }, () => []);
      }
      if (count !== this.channels) {
        this.skip(line);
        continue;
      }
      const offset = this.timed ? 1 : 0;
      if (this.timed) times.push(numbers[0]);
      for (let k = 0; k < count; k++) values[k].push(numbers[k + offset]);
    }
    return { times, values: values ?? [] };
  }

  skip(line) {
    this.skipped += 1;
    this.firstSkipped ??= line.slice(0, 60);
  }
}
