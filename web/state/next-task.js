// A later task of the page's main thread: awaited between the parts of a long piece of work
// (reading a large file, showing many columns), so that no one task keeps the page from
// answering for long, the more so on a busy machine where every task runs slower.

/** Resolves in a task of its own, after what the page has queued meanwhile (input, painting). */
export const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
