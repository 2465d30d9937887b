// Errors of the JS facade: the bindings return errors as values (TOOLCHAIN.md §3); the facade
// throws them as MechidError with a code: 'bad-input' (the caller can fix it) or 'internal'.

export class MechidError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'MechidError';
    this.code = code;
  }
}

export const badInput = (message) => new MechidError('bad-input', message);

/** A binding's result, or its returned Error thrown as MechidError. */
export function unwrap(result) {
  if (result instanceof Error) throw new MechidError(result.code ?? 'internal', result.message);
  return result;
}
