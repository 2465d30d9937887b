// Errors of the JS facade: the bindings return errors as values (TOOLCHAIN.md §3); the facade
// throws them as MechidError with a code: 'bad-input' (the caller can fix it) or 'internal'.

// `option`: the code of the option a bad-input message is about, when it is about one
// ('structure', 'friction', 'offset', 'runs', 'lowpass'), for showing it next to that control.
export class MechidError extends Error {
  constructor(code, message, option) {
    super(message);
    this.name = 'MechidError';
    this.code = code;
    if (option) this.option = option;
  }
}

export const badInput = (message, option) => new MechidError('bad-input', message, option);

/** A binding's result, or its returned Error thrown as MechidError. */
export function unwrap(result) {
  if (result instanceof Error) throw new MechidError(result.code ?? 'internal', result.message, result.option);
  return result;
}
