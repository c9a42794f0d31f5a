// Copies a .wasm file without its DWARF debug sections (the custom sections named .debug_*),
// keeping every other section: the code, the names (for stack traces) and wasm-bindgen's own.
// A browser test file of the debug profile drops from about 56 MB to 5 MB, which
// wasm-bindgen-test-runner then reads in about 1 s instead of 7.
//
//   node scripts/strip-wasm-debug.mjs in.wasm out.wasm
import fs from 'node:fs';

const [from, to] = process.argv.slice(2);
const wasm = fs.readFileSync(from);
if (wasm.readUInt32LE(0) !== 0x6d736100) throw new Error(`${from} is not a wasm file`);
let at = 8;
const leb = () => {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = wasm[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return value;
};
const kept = [wasm.subarray(0, 8)];
while (at < wasm.length) {
  const start = at;
  const id = wasm[at++];
  const size = leb();
  const body = at;
  at = body + size;
  if (id === 0) {
    const end = at;
    at = body;
    const length = leb();
    const name = wasm.subarray(at, at + length).toString('utf8');
    at = end;
    if (name.startsWith('.debug')) continue;
  }
  kept.push(wasm.subarray(start, at));
}
fs.writeFileSync(to, Buffer.concat(kept));
