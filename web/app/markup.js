// Puts each section's markup into the page (issue 47, item 5). web/index.html is the shell: the
// header, the steps' tablist, the steps' panels and in them one empty placeholder per section,
// <section … data-markup="name">; the markup of the section named "name" is the string
// `markup[name]` of a module next to the section's view (web/views/<view>-markup.js). The modules
// are static imports of the page's entry, so the markup is in before the navigation and the views
// start and before the page's load event: no view, test or link (#cond) sees an empty section.
// The strings are the page's own constant text, parsed through a <template>; never user data.
import { markup as conditioning } from '../views/conditioning-markup.js';
import { markup as csv } from '../views/csv/csv-markup.js';
import { markup as estimators } from '../views/estimators-markup.js';
import { markup as geometry } from '../views/geometry-markup.js';
import { markup as hammer } from '../views/hammer-markup.js';
import { markup as identify } from '../views/identify-markup.js';
import { markup as lesson } from '../views/lesson/lesson-markup.js';
import { markup as measure } from '../views/measure/measure-markup.js';
import { markup as modes } from '../views/modes-markup.js';
import { markup as nonlinear } from '../views/nonlinear-markup.js';
import { markup as oma } from '../views/oma-markup.js';
import { markup as saved } from '../views/saved-markup.js';
import { markup as simulate } from '../views/simulate-markup.js';

const MODULES = [simulate, csv, geometry, identify, lesson, conditioning, modes, oma, hammer, nonlinear, estimators, saved, measure];

/** Every section's markup by its placeholder's name; a name given twice is an error. */
export const MARKUP = {};
for (const module of MODULES) {
  for (const [name, html] of Object.entries(module)) {
    if (Object.hasOwn(MARKUP, name)) throw new Error(`markup "${name}" is given twice`);
    MARKUP[name] = html;
  }
}

/**
 * Fills each empty placeholder of `root` ([data-markup="name"]) with the markup of that name, then
 * the placeholders that markup holds (the lesson inside Identify). Throws on an unknown name.
 */
export function fillMarkup(root = document) {
  const template = document.createElement('template');
  for (let open = root.querySelectorAll('[data-markup]:empty'); open.length; open = root.querySelectorAll('[data-markup]:empty')) {
    for (const placeholder of open) {
      const name = placeholder.dataset.markup;
      if (!MARKUP[name]) throw new Error(`no markup named "${name}" (web/app/markup.js)`);
      template.innerHTML = MARKUP[name];
      placeholder.replaceChildren(template.content);
    }
  }
}
