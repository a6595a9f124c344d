// Zips downloaded and unpacked into Python's file system by the browser, not by Python: the
// game's archive (static/build/game.zip, made by build.py: a zip gzipped whole, `gunzip`) for the page
// (static/interpreter.mjs), the AI worker and the snapshot's worker, and the packages' wheels
// where a snapshot's Python needs them (static/snapshot-pages.mjs).
//
// Pyodide's own `unpackArchive` runs Python's zipfile and shutil, file by file, in
// WebAssembly (70–120 ms for the archive's then 141 files on a page that is starting). Here the
// zip's central directory is read in JavaScript, each member inflated by the browser's
// DecompressionStream, checked against its CRC-32 and written with Emscripten's FS (40–70 ms;
// docs/offline.md). A zip this does not read (damaged, cut short, a checksum that does not
// match, encrypted, zip64, another compression, a name outside the folder) rejects with an
// error that says so; nothing is written before every member has been read and checked.

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const END_SIZE = 22;
const LONGEST_COMMENT = 0xffff;
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc;
});

// What is wrong with a zip, found while reading it; said as a DamagedArchive naming the zip.
class Flaw extends Error {}

class DamagedArchive extends Error {
  constructor(what, reason) {
    super(`${what} is damaged (${reason})`);
    this.name = "DamagedArchive";
  }
}

function crc32(bytes) {
  let crc = 0xffffffff;
  for (let index = 0; index < bytes.length; index += 1) {
    crc = CRC_TABLE[(crc ^ bytes[index]) & 0xff] ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function endOfDirectory(view) {
  const last = Math.max(0, view.byteLength - END_SIZE - LONGEST_COMMENT);
  for (let at = view.byteLength - END_SIZE; at >= last; at -= 1) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  }
  throw new Flaw("no central directory");
}

// [{name, method, crc, size, packed, offset}] from the central directory.
function members(view) {
  const end = endOfDirectory(view);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (count === 0xffff || at === 0xffffffff) throw new Flaw("zip64, which this does not read");
  const names = new TextDecoder("utf-8", { fatal: true });
  const found = [];
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== DIRECTORY_ENTRY) {
      throw new Flaw("a central directory entry is missing");
    }
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > end) throw new Flaw("a central directory entry is cut short");
    let name;
    try {
      name = names.decode(new Uint8Array(view.buffer, view.byteOffset + at + 46, nameLength));
    } catch {
      throw new Flaw("a name is not UTF-8");
    }
    const member = {
      name,
      method: view.getUint16(at + 10, true),
      crc: view.getUint32(at + 16, true),
      packed: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      offset: view.getUint32(at + 42, true),
    };
    if (flags & 1) throw new Flaw(`${name} is encrypted`);
    if (member.method !== STORED && member.method !== DEFLATED) {
      throw new Flaw(`${name} uses compression method ${member.method}`);
    }
    if (name.startsWith("/") || name.split("/").includes("..")) {
      throw new Flaw(`${name} points outside the archive`);
    }
    if (member.packed === 0xffffffff || member.size === 0xffffffff || member.offset === 0xffffffff) {
      throw new Flaw("zip64, which this does not read");
    }
    found.push(member);
    at = next;
  }
  return found;
}

// The bytes `packed` decompress to (`format`: "deflate-raw" for a member, "gzip" for a solid
// archive), at most `limit` of them. Written and read straight through the stream: no Blob or
// Response, each of which the browser registers with another of its processes.
async function decompressed(format, packed, limit = Infinity) {
  const stream = new DecompressionStream(format);
  const writer = stream.writable.getWriter();
  writer.write(packed).catch(() => {});      // a failure shows in the reading
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) throw new Error("longer than it should be");
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  chunks.reduce((at, chunk) => (bytes.set(chunk, at), at + chunk.byteLength), 0);
  return bytes;
}

// A solid archive (build.py's `game_archive(..., solid=True)`: a zip of stored members,
// gzipped whole) starts with gzip's magic bytes.
const GZIP_MAGIC = [0x1f, 0x8b];
const isGzip = (buffer) => buffer.byteLength > 2 && GZIP_MAGIC.every((byte, i) => new Uint8Array(buffer, i, 1)[0] === byte);

// A member's bytes; `checked`: against its CRC-32 (a solid archive's stream was checked whole).
async function contents(view, member, checked) {
  const at = member.offset;
  if (at + 30 > view.byteLength || view.getUint32(at, true) !== LOCAL_HEADER) {
    throw new Flaw(`${member.name} has no header`);
  }
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + member.packed > view.byteLength) throw new Flaw(`${member.name} is cut short`);
  const packed = new Uint8Array(view.buffer, view.byteOffset + start, member.packed);
  let bytes = packed;
  if (member.method === DEFLATED) {
    try {
      bytes = await decompressed("deflate-raw", packed, member.size);
      if (bytes.byteLength !== member.size) throw new Error("shorter than it should be");
    } catch {
      throw new Flaw(`${member.name} does not inflate`);
    }
  }
  if (bytes.byteLength !== member.size || (checked && crc32(bytes) !== member.crc)) {
    throw new Flaw(`${member.name} does not match its checksum`);
  }
  return bytes;
}

const SITE = new URL("../", import.meta.url).href;     // this file is in the site's static/

// The archive at `url` (an address of the site): its bytes, or an error naming the file as
// the site serves it ("static/build/game-<hash>.zip (HTTP 404)", which static/boot.js
// recognises, or the network's reason).
export function downloadArchive(url) {
  const name = url.startsWith(SITE) ? url.slice(SITE.length) : url;
  return fetch(url).then((response) => {
    if (!response.ok) throw new Error(`${name} (HTTP ${response.status})`);
    return response.arrayBuffer();
  }, (error) => {
    throw new Error(`${name} (${error.message})`);
  });
}

// Unpack the zip `buffer` (an ArrayBuffer) into the folder `into` of `pyodide`'s file system;
// `what` names the zip in the error a damaged one rejects with.
export async function unpackArchive(pyodide, buffer, into, what = "the game's archive") {
  let files, read;
  try {
    const solid = isGzip(buffer);
    if (solid) {
      try {
        buffer = (await decompressed("gzip", new Uint8Array(buffer))).buffer;
      } catch {
        throw new Flaw("it does not gunzip");
      }
    }
    if (buffer.byteLength < END_SIZE) throw new Flaw("too short");
    const view = new DataView(buffer);
    files = members(view).filter((member) => !member.name.endsWith("/"));
    read = await Promise.all(files.map((member) => contents(view, member, !solid)));
  } catch (error) {
    throw error instanceof Flaw ? new DamagedArchive(what, error.message) : error;
  }
  const { FS } = pyodide;
  files.forEach((member, index) => {
    const path = `${into}/${member.name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, read[index]);
  });
}
