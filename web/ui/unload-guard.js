// A reload or a closed tab during a run asks first (issue 56): while any section's request runs
// (run-control.js), the page asks the browser to confirm leaving (its own "Leave site?" dialog;
// browsers show it only after the user has used the page). Idle, nothing is asked.

let running = 0;

function confirmLeaving(event) {
  event.preventDefault();
  event.returnValue = '';  // older browsers ask only when returnValue is set
}

/** Holds the prompt while a run goes; returns the function that releases it (once). */
export function holdUnload() {
  if (running++ === 0) window.addEventListener('beforeunload', confirmLeaving);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--running === 0) window.removeEventListener('beforeunload', confirmLeaving);
  };
}
