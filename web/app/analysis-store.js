// Saved analyses in the browser's IndexedDB (database "mechid", store "analyses"): records
// {id, name, created, source, ...} kept across reloads, on this machine only.
const DB = 'mechid';
const STORE = 'analyses';

function request(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

let opened = null;
function database() {
  opened ??= new Promise((resolve, reject) => {
    const r = indexedDB.open(DB, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    r.onsuccess = () => {
      const db = r.result;
      // Reopened on the next use when the browser closes it (site data cleared) or another tab upgrades.
      db.onclose = () => { opened = null; };
      db.onversionchange = () => { db.close(); opened = null; };
      resolve(db);
    };
    r.onerror = () => reject(r.error);
    r.onblocked = () => reject(new Error('the saved analyses are held by another tab of this page'));
  });
  opened.catch(() => { opened = null; });
  return opened;
}

async function store(mode) {
  return (await database()).transaction(STORE, mode).objectStore(STORE);
}

/** Saves a record (structured-cloned: typed arrays stay typed); resolves with its id. */
export async function saveAnalysis(record) {
  return request((await store('readwrite')).add({ ...record, created: new Date().toISOString() }));
}

/** Every record's {id, name, created, source, methods}, newest first. */
export async function listAnalyses() {
  const all = await request((await store('readonly')).getAll());
  return all.map(({ id, name, created, source, results }) => ({
    id, name, created, source, methods: results.map((r) => r.method),
  })).reverse();
}

export async function getAnalysis(id) {
  return request((await store('readonly')).get(id));
}

export async function deleteAnalysis(id) {
  return request((await store('readwrite')).delete(id));
}
