// The core's option schema (Mechid.optionSchema(): each option's default, range, choices and help),
// asked of the worker once for every section's form; the page states no default of its own.
import { client } from '../client/worker-client.js';
import { applyOptionSchema } from './form.js';

let pending = null;

/** The schema, asked once. */
export function optionSchema() {
  pending ??= client.optionSchema().then((reply) => reply.schema);
  return pending;
}

/**
 * Fills `fields` ({controlId: {option: 'group.name', scale?}}) with the core's defaults and hints
 * (web/ui/form.js applyOptionSchema), then calls `then` (e.g. to show what a choice implies).
 * Without a schema (the worker failed to start) the fields stay as they are: an option not given
 * keeps the core's default anyway.
 */
export function fillForm(fields, then = () => {}) {
  return optionSchema().then((schema) => {
    applyOptionSchema(schema, fields);
    then();
  }, () => {});
}
