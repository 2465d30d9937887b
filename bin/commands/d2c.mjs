// mechid d2c: the continuous model behind a discrete one (the matrix logarithm, or eq. 2.22 inverted).
import { badInput, discreteModelFromJson } from '../../wasm/api.js';
import { readJson, warn, writeJson } from '../io.mjs';
import { pick, requireOption, str } from '../options.mjs';

export const name = 'd2c';
export const summary = 'the continuous model behind a discrete one (discretize inverted)';
export const examples = ['mechid d2c --model zoh.json', 'mechid d2c --model variational.json --out 8dof-back.json'];
export const options = { model: str('FILE'), ...pick('h'), method: str('zoh|tustin|euler|variational') };
export const usage = {
  required: ['model'],
  help: ['JSON continuous model (A, B, C, D or M, D, K) with status and message;',
    'h and method default to the model file\'s own (as `discretize` writes them)'],
};

export async function run(o, mechid) {
  const path = requireOption(o, 'model', name);
  const json = readJson(path, 'model file');
  const model = discreteModelFromJson(json, `model file ${path}`);
  const h = o.h ?? json.h;
  if (typeof h !== 'number') throw badInput(`d2c needs --h (model file ${path} has no "h")`);
  const method = o.method ?? json.method;
  if (typeof method !== 'string') throw badInput(`d2c needs --method (model file ${path} has no "method")`);
  const result = mechid.toContinuous(model, h, method);
  writeJson(result, o.out);
  if (result.status !== 'ok') warn([result.message]);
}
