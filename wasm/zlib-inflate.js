// One zlib stream (RFC 1950: a deflate stream, RFC 1951, with its header and Adler-32 check)
// inflated by pako's port of zlib's inflate (the npm package pako, passed in as `zlib` so that
// this file resolves nothing itself: Node imports 'pako', the page web/gen/vendor/pako.mjs).
// The output is written straight into one buffer: with `sizeOf` (a MAT element's tag tells the
// inflated size from its first 8 bytes) into one of exactly that size, so that a variable of
// 50 MB costs its 50 MB and no pieces the garbage collector must find later (issue 56 item 7:
// the platform's DecompressionStream handed its output in new chunks that stayed until a
// collection). The same decoder serves the bytes path, the Blob path and the fuzz target, so that
// a damaged stream is refused in the same words everywhere.
import { badInput } from './errors.js';

/**
 * An inflater of one zlib stream for `where` of `source`: push(chunk) with the compressed bytes
 * in order, then finish() -> the inflated bytes. At most `limit` bytes (required, ≥ 8) are
 * inflated: a zlib bomb stops there. With `sizeOf(first8) -> size` (8 ≤ size ≤ limit; it may
 * throw a refusal of its own), exactly that many: the output goes into one array of that size.
 * Every fault is one bad-input line naming `where`.
 */
export function zlibInflater(zlib, source, where, { limit, sizeOf } = {}) {
  if (!(limit >= 8)) throw new Error(`zlibInflater: limit must be a number of bytes >= 8, got ${limit}`);
  const strm = new zlib.ZStream();
  if (zlib.zlibInflateInit(strm) !== zlib.Z_OK) throw new Error('pako: inflateInit failed');
  const damaged = (why) => badInput(`${source}: ${where}: the compressed data does not inflate (${why}): the file is damaged or truncated`);
  const tooLarge = () => badInput(`${source}: ${where} inflates to more than ${out.length} bytes${declared ? ', the size its tag declares' : ': not read (split the file\'s variables)'}`);
  // out[0, total) is what has been inflated. Once out has the size it may not outgrow (the size
  // sizeOf tells, or the limit), zlib writes into a 1-byte probe: a byte there is one too many.
  let out = new Uint8Array(sizeOf ? 8 : Math.min(limit, 1 << 16)), total = 0;
  let declared = false, last = false, probing = false, ended = false, trailing = 0;
  const aim = (buffer, at) => { strm.output = buffer; strm.next_out = at; strm.avail_out = buffer.length - at; };
  aim(out, 0);

  // Room for more output once out is full: the size sizeOf tells from the first 8 bytes, else
  // twice as much up to the limit; the probe once out may not grow.
  function makeRoom() {
    if (last) {
      probing = true;
      aim(new Uint8Array(1), 0);
      return;
    }
    let size;
    if (sizeOf) {
      size = sizeOf(out);
      if (!(size >= total && size <= limit)) throw new Error(`zlibInflater: sizeOf told ${size}, outside ${total}..${limit}`);
      declared = true;
    } else {
      size = Math.min(limit, 2 * out.length);
    }
    last = declared || size === limit;
    if (size === total) return makeRoom();
    const grown = new Uint8Array(size);
    grown.set(out.subarray(0, total));
    out = grown;
    aim(out, total);
  }

  return {
    push(input) {
      if (ended) { trailing += input.length; return; }
      strm.input = input;
      strm.next_in = 0;
      strm.avail_in = input.length;
      // Until the input is used up and zlib holds no output back for want of room (a copy it
      // could not finish), so that what was inflated does not depend on how the input was cut.
      let drain = false;  // room was just made after a call: zlib may hold output back
      while (!ended) {
        if (strm.avail_out === 0) makeRoom();
        else if (strm.avail_in === 0 && !drain) break;
        drain = false;
        const inBefore = strm.avail_in, outBefore = strm.avail_out;
        const status = zlib.zlibInflate(strm, zlib.Z_NO_FLUSH);
        if (probing && strm.next_out > 0) throw tooLarge();
        const progressed = strm.avail_in !== inBefore || strm.avail_out !== outBefore;
        if (!probing) total = strm.next_out;
        // The tag is read as soon as its 8 bytes are out, before what else this call met (the
        // stream's end, a fault after them): zlib decodes on past a full buffer up to the next
        // byte it must write, so without this the pieces the input came in would decide which
        // refusal comes first.
        if (sizeOf && !declared && total === out.length) {
          makeRoom();
          drain = true;
        }
        if (status === zlib.Z_STREAM_END) ended = true;
        else if (status === zlib.Z_NEED_DICT) throw damaged('it needs a preset dictionary, which a MAT file does not give');
        else if (status !== zlib.Z_OK && status !== zlib.Z_BUF_ERROR) throw damaged(strm.msg || `zlib status ${status}`);
        else if (!progressed && strm.avail_in > 0) throw damaged('no progress');  // with input and room zlib always progresses
      }
      trailing += strm.avail_in;
      strm.input = null;
    },
    finish() {
      if (!ended) throw damaged(`the stream stops after ${total} inflated bytes, before its end`);
      if (trailing > 0) throw damaged(`${trailing} bytes follow the end of its stream`);
      return out.subarray(0, total);
    },
  };
}
