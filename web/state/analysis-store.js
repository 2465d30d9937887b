// Saved analyses in the browser's IndexedDB (database "mechid", store "analyses"): records
// {id, name, created, source, ...} kept across reloads, on this machine only. The sections that
// save (Identify, CSV) call keepAnalysis; the "Saved analyses" section lists them and is told of
// each new one (onAnalysisSaved), so that no section imports another.
import { analysisSummary } from './analysis-record.js';

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

/** Every record's {id, name, created, source, methods, problem}, newest first; an unreadable one has a problem (analysis-record.js). */
export async function listAnalyses() {
  const all = await request((await store('readonly')).getAll());
  return all.map(analysisSummary).reverse();
}

export async function getAnalysis(id) {
  return request((await store('readonly')).get(id));
}

export async function deleteAnalysis(id) {
  return request((await store('readwrite')).delete(id));
}

const savedListeners = new Set();

/** Calls `listener()` (awaited by keepAnalysis) after each analysis kept. */
export function onAnalysisSaved(listener) {
  savedListeners.add(listener);
}

// A result without its free-run simulation (as long as the data; the fit % stays).
function compact(r) {
  if (!r.validation?.simulated) return r;
  const { simulated, ...validation } = r.validation;
  return { ...r, validation };
}

/**
 * Saves {name, source, setup?, summary?, truth?, modal?, results} and waits for the listeners
 * (the saved list refreshed); resolves with a line for the caller's status, or throws with the reason.
 */
export async function keepAnalysis(record) {
  const id = await saveAnalysis({ ...record, results: record.results.map(compact) });
  // The analysis is saved: a listener's trouble (the list failing to refresh) is the list's to show.
  for (const listener of savedListeners) await Promise.resolve().then(listener).catch(() => {});
  return `Saved as “${record.name}” (saved analyses, number ${id}).`;
}
