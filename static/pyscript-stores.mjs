// PyScript's IndexedDB stores kept in memory, so the game starts whatever the browser allows.
//
// PyScript's core opens two IndexedDB stores (its `IDBMap` class, names "IDBMap/…") as it
// loads and waits for one of them before Python starts: a cache of package lock files, keyed
// by the interpreter's address (with `packages_cache = "passthrough"`, pyscript.toml, it is
// cleared at every start), and "@pyscript.fs", the handles of its fs.mount (the game never
// mounts anything). Neither holds anything the game needs from one visit to the next. Where
// the browser refuses IndexedDB — a frame on another site while third-party storage is
// blocked (Chromium's default, Chrome's incognito windows), or site data blocked altogether —
// the open fails, PyScript's error handler dispatches the very event it is handling again (an
// InvalidStateError and a rejected promise nobody handles) and the boot stops. So, rather than
// edit the vendored file, static/boot.js has `indexedDB.open` give PyScript's stores an
// in-memory database before PyScript loads, in every browser setting alike; any other
// database opens as before. What it implements is what PyScript's `IDBMap` calls: a
// transaction's object store and its count, clear, delete, get, getKey, getAllKeys and put,
// each answering by a request's `onsuccess` with `{ target: { result } }`.

const PREFIX = "IDBMap/";

// A request that answers once its caller has set its handlers (they are set right after the
// call returns), as IndexedDB's requests do.
function answer(result) {
  const request = { result, error: null, readyState: "pending", onsuccess: null, onerror: null };
  queueMicrotask(() => {
    request.readyState = "done";
    request.onsuccess?.({ type: "success", target: request });
  });
  return request;
}

function memoryDatabase(name) {
  const stores = new Map();
  const store = (storeName) => {
    if (!stores.has(storeName)) stores.set(storeName, new Map());
    const records = stores.get(storeName);
    return {
      count: () => answer(records.size),
      clear: () => answer(void records.clear()),
      delete: (key) => answer(void records.delete(key)),
      get: (key) => answer(records.get(key)),
      getKey: (key) => answer(records.has(key) ? key : undefined),
      getAllKeys: () => answer([...records.keys()]),
      put: (value, key) => answer(records.set(key, value) && key),
    };
  };
  return {
    name,
    get objectStoreNames() { return [...stores.keys()]; },
    createObjectStore: (storeName) => store(storeName),
    transaction: () => ({ objectStore: store }),
    close() {},
  };
}

export function keepPyScriptStoresInMemory() {
  let factory = null;
  try {
    factory = globalThis.indexedDB ?? null;
  } catch {
    // some browsers throw here when site data is blocked
  }
  const inMemory = (name) => answer(memoryDatabase(String(name)));
  if (!factory) {
    Object.defineProperty(globalThis, "indexedDB", { configurable: true, value: { open: inMemory } });
    return;
  }
  const open = factory.open.bind(factory);
  factory.open = (name, ...rest) => (String(name).startsWith(PREFIX) ? inMemory(name) : open(name, ...rest));
}
