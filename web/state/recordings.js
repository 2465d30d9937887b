// Recordings of the Measure section kept in the browser (IndexedDB database "mechid-recordings",
// store "recordings"; on this machine only, nothing leaves it): {id, name, created, source,
// seconds, csv (the record's text, web/views/measure/record-file.js)}.
const DB_NAME = 'mechid-recordings';
const STORE_NAME = 'recordings';

let db = null;
function openDb() {
  db ??= new Promise((resolve, reject) => {
    const opening = indexedDB.open(DB_NAME, 1);
    opening.onupgradeneeded = () => opening.result.createObjectStore(STORE_NAME, { keyPath: 'id', autoIncrement: true });
    opening.onsuccess = () => resolve(opening.result);
    opening.onerror = () => { db = null; reject(opening.error); };
  });
  return db;
}

// Runs fn(store) in a transaction and resolves with the request's result.
async function withStore(mode, fn) {
  const store = (await openDb()).transaction(STORE_NAME, mode).objectStore(STORE_NAME);
  const req = fn(store);
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Keeps a recording; resolves with its id. */
export const keepRecording = (recording) => withStore('readwrite', (s) => s.add({ ...recording, created: new Date().toISOString() }));
/** Every kept recording, newest first. */
export const listRecordings = async () => (await withStore('readonly', (s) => s.getAll())).reverse();
export const deleteRecording = (id) => withStore('readwrite', (s) => s.delete(id));
