// Writes a brotli (.br) and a gzip (.gz) copy beside each text file of the built web app, once, at
// build time: the server picks the copy the browser accepts (@fastify/static preCompressed), so
// serving costs no CPU per request and the strongest settings can be used.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'apps/web/dist');
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
const MIN_BYTES = 1024; // below this the headers outweigh the saving

function* files(d) {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) yield* files(p);
    else yield p;
  }
}

let before = 0;
let afterBr = 0;
for (const file of files(dir)) {
  if (!TEXT.test(file)) continue;
  const data = fs.readFileSync(file);
  if (data.length < MIN_BYTES) continue;
  const br = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION });
  // a copy that is not smaller is not worth a second round trip of negotiation
  if (br.length < data.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) fs.writeFileSync(`${file}.gz`, gz);
  before += data.length;
  afterBr += Math.min(br.length, data.length);
}
console.log(`compressed web build: ${Math.round(before / 1024)} KB → ${Math.round(afterBr / 1024)} KB brotli`);
