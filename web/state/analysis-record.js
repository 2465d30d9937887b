// A saved analysis as read back from IndexedDB, checked before it is listed or shown (issue 56):
// a record written by another version of the page, a browser extension or storage trouble may lack
// what the Saved analyses section draws (results, matrices, modes). One such record used to hide
// every saved analysis ("reading 'map'"); now it is listed as unreadable, with Delete and Export.

const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);
const STATUSES = ['ok', 'warning', 'failed'];

// A matrix as the page draws it: {rows, cols, data} with rows × cols numbers.
function matrixProblem(m, what) {
  if (!isObject(m) || !Number.isInteger(m.rows) || !Number.isInteger(m.cols) || m.rows < 0 || m.cols < 0) return `${what} is not a matrix`;
  if (typeof m.data?.length !== 'number' || m.data.length !== m.rows * m.cols) return `${what} does not hold ${m.rows}×${m.cols} numbers`;
  return '';
}

// Modes as the modal table reads them: an object whose modes, when present, are a list of objects.
function modalProblem(modal, what) {
  if (modal === undefined || modal === null) return '';
  if (!isObject(modal) || (modal.modes !== undefined && !(Array.isArray(modal.modes) && modal.modes.every(isObject)))) {
    return `${what} is not a list of modes`;
  }
  return '';
}

function resultProblem(r, k) {
  if (!isObject(r)) return `result ${k} is not an object`;
  if (typeof r.method !== 'string' || r.method === '') return `result ${k} has no method name`;
  const what = `result ${k} (${r.method.slice(0, 40)})`;
  if (!STATUSES.includes(r.status)) return `${what} has no status ok, warning or failed`;
  if (r.warnings !== undefined && !(Array.isArray(r.warnings) && r.warnings.every((w) => typeof w === 'string'))) return `${what}: its warnings are not texts`;
  if (r.status !== 'failed' && r.M) {
    for (const key of ['M', 'D', 'K']) {
      const problem = matrixProblem(r[key], `${what}: ${key}`);
      if (problem) return problem;
    }
  }
  return modalProblem(r.modal, `${what}: modal`);
}

/** Why a stored record cannot be shown ('' when it can): results, their matrices, the truth and its modes. */
export function analysisProblem(record) {
  if (!isObject(record)) return 'the record is not an object';
  if (!Array.isArray(record.results)) return 'it holds no list of results';
  if (record.results.length === 0) return 'it holds no result';
  for (let k = 0; k < record.results.length; k++) {
    const problem = resultProblem(record.results[k], k + 1);
    if (problem) return problem;
  }
  if (record.truth !== undefined && record.truth !== null) {
    for (const key of ['M', 'D', 'K']) {
      const problem = matrixProblem(record.truth?.[key], `the true system's ${key}`);
      if (problem) return problem;
    }
    if (!isObject(record.modal) || !Array.isArray(record.modal.modes)) return 'the true system has no list of modes';
    const problem = modalProblem(record.modal, "the true system's modes");
    if (problem) return problem;
  }
  return '';
}

/** The row of the saved list: {id, name, created, source, methods, problem}; names and dates as texts whatever was stored. */
export function analysisSummary(record) {
  const problem = analysisProblem(record);
  const id = record?.id;
  const text = (x, otherwise) => (typeof x === 'string' && x !== '' ? x : otherwise);
  return {
    id,
    name: text(record?.name, `analysis ${id}`),
    created: text(record?.created, ''),
    source: text(record?.source, ''),
    methods: problem ? [] : record.results.map((r) => r.method),
    problem,
  };
}

/** A stored record as JSON text (typed arrays as lists), for the Export of an unreadable one. */
export function analysisJson(record) {
  return JSON.stringify(record, (key, value) => (ArrayBuffer.isView(value) ? Array.from(value) : value), 2);
}
